import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ConfirmDialog, errorText, Muted, Row, Stack, useToast } from '@lectern/admin/kit';
import { useRefreshCourse } from '../course/useCourseActions';
import { studentKeys } from '../keys';
import { QuestionCard } from './QuestionCard';
import { quizApi } from './quiz-api';
import { QuizTimer } from './QuizTimer';
import { shownOrder } from './questions/OrderAnswer';
import type { Answer, Answers, OpenAttempt, QuizView } from './types';
import { useAnswerSaver, type SaveState } from './useAnswerSaver';

/** The saved answers of the open attempt, for this quiz's questions only. */
function initialAnswers(view: QuizView): Answers {
  const known = new Set(view.questions.map((question) => question.id));
  return Object.fromEntries(Object.entries(view.answers).filter(([id]) => known.has(id))) as Answers;
}

/** An untouched ordering question still has an answer: the order on screen. */
function completeAnswers(view: QuizView, answers: Answers): Answers {
  const all: Answers = { ...answers };
  for (const question of view.questions) if (question.type === 'order') all[question.id] = shownOrder(question, answers[question.id]);
  return all;
}

/** The open attempt: every question, the countdown, saving as the student goes, and submitting. */
export function QuizAttempt({ course, view, attempt }: { course: string; view: QuizView; attempt: OpenAttempt }) {
  const { t } = useTranslation('lms-student');
  const toast = useToast();
  const queries = useQueryClient();
  const refreshCourse = useRefreshCourse(course);
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(view));
  const [confirming, setConfirming] = useState(false);
  const submitted = useRef(false);
  const latest = useRef(answers);
  latest.current = answers;

  const submit = useMutation({
    mutationFn: async () => {
      await saver.cancel();
      return quizApi.submit(view.id, completeAnswers(view, latest.current));
    },
    onSuccess: (result) => {
      setConfirming(false);
      toast(t(result.status === 4 ? 'quiz.submittedEvaluated' : 'quiz.submittedAwaiting'));
      return Promise.all([queries.invalidateQueries({ queryKey: studentKeys.quiz(view.id) }), refreshCourse()]);
    },
    onError: (error) => {
      submitted.current = false;
      setConfirming(false);
      toast(errorText(t, error), 'danger');
    },
  });
  const submitOnce = useCallback(() => {
    if (submitted.current) return;
    submitted.current = true;
    submit.mutate();
  }, [submit]);
  // At zero (or when the server says the time is up) the attempt is handed in as it stands.
  const timeUp = useCallback(() => {
    toast(t('quiz.timeUp'), 'info');
    submitOnce();
  }, [submitOnce, t, toast]);
  const saver = useAnswerSaver(view.id, timeUp);

  const answer = (questionId: string, value: Answer) => {
    setAnswers((old) => ({ ...old, [questionId]: value }));
    saver.queue(questionId, value);
  };
  const questions = [...view.questions].sort((a, b) => a.position - b.position);
  const busy = submit.isPending || submit.isSuccess;

  return (
    <Stack data-testid="quiz-attempt" data-attempt={attempt.attempt}>
      <Row $wrap style={{ justifyContent: 'space-between' }}>
        <Muted>{t('quiz.attemptOf', { attempt: attempt.attempt, allowed: view.attempts_allowed })}</Muted>
        <Row $gap="0.5rem">
          <SaveStatus state={saver.state} />
          {attempt.deadline === null ? null : <QuizTimer deadline={attempt.deadline} onExpire={timeUp} />}
        </Row>
      </Row>
      {questions.map((question, index) => (
        <QuestionCard
          key={question.id}
          question={question}
          number={index + 1}
          value={answers[question.id]}
          onChange={(value) => answer(question.id, value)}
          disabled={busy}
        />
      ))}
      <Row>
        <Button onClick={() => setConfirming(true)} disabled={busy} data-testid="quiz-submit">
          {submit.isPending ? t('quiz.submitting') : t('quiz.submit')}
        </Button>
      </Row>
      <ConfirmDialog
        open={confirming}
        title={t('quiz.confirmTitle')}
        body={t('quiz.confirmBody', { answered: countAnswered(view, answers), total: questions.length })}
        confirmLabel={t('quiz.submit')}
        danger={false}
        busy={busy}
        onConfirm={submitOnce}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

function countAnswered(view: QuizView, answers: Answers): number {
  return view.questions.filter((question) => {
    const value = answers[question.id];
    if (question.type === 'order') return true;
    if (typeof value === 'string') return value.trim() !== '';
    if (Array.isArray(value)) return value.length > 0 && value.some((v) => v !== '');
    return value !== undefined;
  }).length;
}

function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation('lms-student');
  if (state === 'idle') return null;
  return (
    <Muted as="span" aria-live="polite" data-testid="quiz-save-state" data-state={state}>
      {t(`quiz.save.${state}`)}
    </Muted>
  );
}
