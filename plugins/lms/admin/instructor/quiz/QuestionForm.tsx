import { api, Button, Card, errorText, Field, Input, Row, Select, Stack, Textarea, useToast } from '@lectern/admin/kit';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '../model';
import { ErrorText, FieldRow, Group } from '../ui';
import { ListEditor } from './ListEditor';
import { bodyOf, draftOf, QUESTION_TYPES, type Question, type QuestionDraft, type QuestionType } from './questions';

/** Adds a question to the quiz or changes one: its type, prompt, marks and the type's answer data. */
export function QuestionForm({ quizId, question, onDone, onCancel }: { quizId: string; question: Question | null; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const [draft, setDraft] = useState<QuestionDraft>(() => draftOf(question));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<QuestionDraft>) => setDraft((old) => ({ ...old, ...patch }));
  const save = useMutation({
    mutationFn: (body: object) =>
      question === null
        ? api<Question>(`${API}/quizzes/${quizId}/questions`, { method: 'POST', body })
        : api<Question>(`${API}/quizzes/${quizId}/questions/${question.id}`, { method: 'PUT', body }),
    onSuccess: () => {
      toast(t(question === null ? 'questions.added' : 'questions.saved'));
      onDone();
    },
    onError: (failure) => setProblem(errorText(t, failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = bodyOf(draft);
    if ('problem' in result) setProblem(t(result.problem));
    else {
      setProblem(null);
      save.mutate(result.body);
    }
  };
  const tick = (index: number) =>
    draft.type === 'single' ? (
      <input
        type="radio"
        name="correct"
        checked={draft.correct.includes(index)}
        onChange={() => set({ correct: [index] })}
        aria-label={t('questions.correctOption', { number: index + 1 })}
      />
    ) : (
      <input
        type="checkbox"
        checked={draft.correct.includes(index)}
        onChange={(e) => set({ correct: e.target.checked ? [...draft.correct, index] : draft.correct.filter((c) => c !== index) })}
        aria-label={t('questions.correctOption', { number: index + 1 })}
      />
    );
  // Removing an option shifts the ticks after it, so the right answers stay on the same texts.
  const setOptions = (options: string[]) => {
    const removed = draft.options.findIndex((o, i) => options[i] !== o && options.length < draft.options.length);
    const correct = removed < 0 ? draft.correct : draft.correct.filter((c) => c !== removed).map((c) => (c > removed ? c - 1 : c));
    set({ options, correct });
  };

  return (
    <Card as="form" onSubmit={submit} noValidate data-testid="question-form">
      <Stack>
        <FieldRow>
          <Field label={t('questions.type')}>
            <Select value={draft.type} onChange={(e) => set({ type: e.target.value as QuestionType, correct: [] })} data-testid="question-type">
              {QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`questionType.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('questions.marks')}>
            <Input type="number" min={0} max={1000} value={draft.marks} onChange={(e) => set({ marks: e.target.value })} data-testid="question-marks" />
          </Field>
        </FieldRow>
        <Field label={t('questions.prompt')}>
          <Textarea value={draft.prompt} onChange={(e) => set({ prompt: e.target.value })} maxLength={10_000} data-testid="question-prompt" />
        </Field>
        {draft.type === 'single' || draft.type === 'multiple' ? (
          <ListEditor
            legend={t(draft.type === 'single' ? 'questions.optionsSingle' : 'questions.optionsMultiple')}
            values={draft.options}
            onChange={setOptions}
            marker={tick}
            min={2}
            testId="question-options"
          />
        ) : null}
        {draft.type === 'truefalse' ? (
          <Group>
            <legend>{t('questions.rightAnswer')}</legend>
            <Row>
              <label>
                <input type="radio" name="truth" checked={draft.truth} onChange={() => set({ truth: true })} /> {t('questions.true')}
              </label>
              <label>
                <input type="radio" name="truth" checked={!draft.truth} onChange={() => set({ truth: false })} /> {t('questions.false')}
              </label>
            </Row>
          </Group>
        ) : null}
        {draft.type === 'fill' ? (
          <>
            <ListEditor legend={t('questions.answers')} values={draft.answers} onChange={(answers) => set({ answers })} testId="question-answers" />
            <label>
              <input type="checkbox" checked={draft.caseSensitive} onChange={(e) => set({ caseSensitive: e.target.checked })} /> {t('questions.caseSensitive')}
            </label>
          </>
        ) : null}
        {draft.type === 'match' ? (
          <Group data-testid="question-pairs">
            <legend>{t('questions.pairs')}</legend>
            <Stack $gap="0.4rem">
              {draft.pairs.map((pair, index) => (
                <Row key={index} $gap="0.5rem">
                  <Input
                    value={pair.left}
                    maxLength={1000}
                    aria-label={t('questions.left', { number: index + 1 })}
                    onChange={(e) => set({ pairs: draft.pairs.map((p, i) => (i === index ? { ...p, left: e.target.value } : p)) })}
                  />
                  <span aria-hidden="true">→</span>
                  <Input
                    value={pair.right}
                    maxLength={1000}
                    aria-label={t('questions.right', { number: index + 1 })}
                    onChange={(e) => set({ pairs: draft.pairs.map((p, i) => (i === index ? { ...p, right: e.target.value } : p)) })}
                  />
                  <Button
                    type="button"
                    $variant="ghost"
                    disabled={draft.pairs.length <= 2}
                    onClick={() => set({ pairs: draft.pairs.filter((_, i) => i !== index) })}
                    aria-label={t('questions.removeEntry', { number: index + 1 })}
                  >
                    ✕
                  </Button>
                </Row>
              ))}
              <div>
                <Button
                  type="button"
                  $variant="secondary"
                  disabled={draft.pairs.length >= 20}
                  onClick={() => set({ pairs: [...draft.pairs, { left: '', right: '' }] })}
                >
                  {t('questions.addEntry')}
                </Button>
              </div>
            </Stack>
          </Group>
        ) : null}
        {draft.type === 'order' ? (
          <ListEditor legend={t('questions.items')} values={draft.items} onChange={(items) => set({ items })} min={2} testId="question-items" />
        ) : null}
        {draft.type === 'essay' ? (
          <Field label={t('questions.maxWords')} hint={t('questions.maxWordsHint')}>
            <Input type="number" min={1} value={draft.maxWords} onChange={(e) => set({ maxWords: e.target.value })} />
          </Field>
        ) : null}
        {problem === null ? null : <ErrorText role="alert">{problem}</ErrorText>}
        <Row $wrap>
          <Button type="submit" disabled={save.isPending} data-testid="question-save">
            {save.isPending ? t('details.saving') : t(question === null ? 'questions.add' : 'questions.save')}
          </Button>
          <Button type="button" $variant="ghost" onClick={onCancel}>
            {t('questions.cancel')}
          </Button>
        </Row>
      </Stack>
    </Card>
  );
}
