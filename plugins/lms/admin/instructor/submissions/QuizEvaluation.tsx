import { api, Badge, Button, Card, errorText, Field, Input, Muted, QueryView, Row, Stack, useToast, type Tone } from '@lectern/admin/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys } from '../model';
import { ErrorText } from '../ui';
import { AnswerView } from './AnswerView';
import type { SubmissionDetail } from './model';
import { StudentName } from './StudentName';

const TONES: Record<string, Tone> = { correct: 'success', partial: 'warning', wrong: 'danger', pending: 'info' };

/** One quiz attempt in full: each question, the answer, its automatic result, and the marks the grader gives. */
export function QuizEvaluation({ courseId, submissionId, onClose }: { courseId: string; submissionId: string; onClose: () => void }) {
  const detail = useQuery({
    queryKey: ['lms', 'course', courseId, 'quiz-submission', submissionId],
    queryFn: () => api<SubmissionDetail>(`${API}/quiz-submissions/${submissionId}`),
  });
  return <QueryView query={detail}>{(data) => <EvaluationForm key={data.id} courseId={courseId} submission={data} onClose={onClose} />}</QueryView>;
}

function EvaluationForm({ courseId, submission, onClose }: { courseId: string; submission: SubmissionDetail; onClose: () => void }) {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const queries = useQueryClient();
  const [marks, setMarks] = useState<Record<string, string>>(() =>
    Object.fromEntries(submission.questions.map((q) => [q.id, q.result === null || q.result.outcome === 'pending' ? '' : String(q.result.awarded)])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const evaluate = useMutation({
    mutationFn: (body: Record<string, number>) =>
      api<SubmissionDetail>(`${API}/quiz-submissions/${submission.id}/evaluate`, { method: 'POST', body: { marks: body } }),
    onSuccess: (saved) => {
      toast(t('grading.evaluated', { marks: saved.marks }));
      void queries.invalidateQueries({ queryKey: keys.quizQueue(courseId) });
      void queries.invalidateQueries({ queryKey: keys.stats(courseId) });
      onClose();
    },
    onError: (failure) => setProblem(errorText(t, failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, number> = {};
    for (const q of submission.questions) {
      const text = (marks[q.id] ?? '').trim();
      if (text === '') {
        // Essays need the grader's marks; other questions keep their automatic result.
        if (q.type === 'essay') return setProblem(t('grading.essayNeedsMarks'));
        continue;
      }
      const value = Number(text);
      if (!Number.isInteger(value) || value < 0 || value > q.marks) return setProblem(t('grading.marksRange', { max: q.marks }));
      body[q.id] = value;
    }
    setProblem(null);
    evaluate.mutate(body);
  };
  const awaiting = submission.status === 3;
  return (
    <Card as="form" onSubmit={submit} noValidate data-testid="quiz-evaluation" data-submission={submission.id}>
      <Stack>
        <Row $wrap style={{ justifyContent: 'space-between' }}>
          <h3 style={{ margin: 0 }}>
            <StudentName id={submission.student_id} /> · {t('grading.attempt', { number: submission.attempt })}
          </h3>
          {submission.late ? <Badge $tone="warning">{t('grading.late')}</Badge> : null}
        </Row>
        <ol style={{ display: 'grid', gap: '1rem', paddingInlineStart: '1.25rem', margin: 0 }}>
          {submission.questions.map((q) => (
            <li key={q.id} data-testid="evaluation-question" data-question={q.id}>
              <Stack $gap="0.4rem">
                <strong style={{ whiteSpace: 'pre-wrap' }}>{q.prompt}</strong>
                <div>
                  <Muted as="span">{t('grading.answer')} </Muted>
                  <AnswerView type={q.type} data={q.data} response={q.response} />
                </div>
                <Row $wrap>
                  {q.result === null ? null : <Badge $tone={TONES[q.result.outcome] ?? 'neutral'}>{t(`grading.outcome.${q.result.outcome}`)}</Badge>}
                  <div style={{ maxWidth: '10rem' }}>
                    <Field label={t('grading.marksOf', { max: q.marks })}>
                      <Input
                        type="number"
                        min={0}
                        max={q.marks}
                        value={marks[q.id] ?? ''}
                        disabled={!awaiting}
                        onChange={(e) => setMarks((old) => ({ ...old, [q.id]: e.target.value }))}
                        data-testid="evaluation-marks"
                      />
                    </Field>
                  </div>
                </Row>
              </Stack>
            </li>
          ))}
        </ol>
        {problem === null ? null : <ErrorText role="alert">{problem}</ErrorText>}
        <Row $wrap>
          {awaiting ? (
            <Button type="submit" disabled={evaluate.isPending} data-testid="evaluation-submit">
              {t('grading.submitEvaluation')}
            </Button>
          ) : (
            <Muted>{t('grading.alreadyEvaluated', { marks: submission.marks })}</Muted>
          )}
          <Button type="button" $variant="ghost" onClick={onClose}>
            {t('grading.close')}
          </Button>
        </Row>
      </Stack>
    </Card>
  );
}
