import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, errorText, Muted, QueryView, Row, Stack, useToast } from '@lectern/admin/kit';
import { studentKeys } from '../keys';
import type { PlayerItem } from '../types';
import { QuizAttempt } from './QuizAttempt';
import { quizApi } from './quiz-api';
import { QuizResultsList } from './QuizResultsList';
import type { QuizView } from './types';

/** A quiz in the player: its rules and past attempts, or the open attempt once started. */
export function QuizPane({ course, item }: { course: string; item: PlayerItem }) {
  const quiz = useQuery({ queryKey: studentKeys.quiz(item.id), queryFn: () => quizApi.view(item.id) });
  return (
    <QueryView query={quiz}>
      {(view) =>
        view.current === null || view.current.status > 2 ? (
          <QuizIntro view={view} />
        ) : (
          <QuizAttempt key={view.current.id} course={course} view={view} attempt={view.current} />
        )
      }
    </QueryView>
  );
}

function QuizIntro({ view }: { view: QuizView }) {
  const { t } = useTranslation('lms-student');
  const toast = useToast();
  const queries = useQueryClient();
  const results = useQuery({ queryKey: studentKeys.quizResults(view.id), queryFn: () => quizApi.results(view.id), enabled: view.attempts_used > 0 });
  const start = useMutation({
    mutationFn: () => quizApi.start(view.id),
    // The answer is the quiz with its questions: the attempt opens without another request.
    onSuccess: (started) => queries.setQueryData(studentKeys.quiz(view.id), started),
    onError: (error) => toast(errorText(t, error), 'danger'),
  });
  const newest = results.data?.attempts[0];
  const awaiting = newest?.status === 3;
  const left = view.attempts_allowed - view.attempts_used;
  const { settings } = view;

  return (
    <Stack data-testid="quiz-intro">
      <ul style={{ margin: 0, paddingInlineStart: '1.2rem' }}>
        <li>{t('quiz.questions', { number: view.question_count })}</li>
        <li>{t('quiz.totalMarks', { number: view.total_marks })}</li>
        <li>{settings.time_limit === 0 ? t('quiz.noTimeLimit') : t('quiz.timeLimit', { minutes: Math.ceil(settings.time_limit / 60) })}</li>
        {settings.passing_mark > 0 ? <li>{t('quiz.passingMark', { percent: settings.passing_mark })}</li> : null}
        <li data-testid="quiz-attempts-left">{t('quiz.attemptsLeft', { left: Math.max(0, left), allowed: view.attempts_allowed })}</li>
      </ul>
      {view.attempts_used > 0 ? <QueryView query={results}>{(data) => <QuizResultsList results={data} />}</QueryView> : null}
      {awaiting ? (
        <Muted>{t('quiz.waitForEvaluation')}</Muted>
      ) : left > 0 && view.question_count > 0 ? (
        <Row>
          <Button onClick={() => start.mutate()} disabled={start.isPending || (view.attempts_used > 0 && results.isPending)} data-testid="quiz-start">
            {view.attempts_used === 0 ? t('quiz.start') : t('quiz.retake')}
          </Button>
        </Row>
      ) : view.question_count === 0 ? (
        <Muted>{t('quiz.noQuestions')}</Muted>
      ) : (
        <Muted data-testid="quiz-no-attempts">{t('quiz.noAttemptsLeft')}</Muted>
      )}
    </Stack>
  );
}
