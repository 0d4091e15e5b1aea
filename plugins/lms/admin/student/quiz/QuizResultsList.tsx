import { useTranslation } from 'react-i18next';
import { Badge, Muted, Stack, Table } from '@lectern/admin/kit';
import { formatDateTime } from '../time';
import type { AttemptResult, QuizResults } from './types';

/** The student's attempts, newest first: awaiting evaluation, or marks and pass/fail once evaluated. */
export function QuizResultsList({ results }: { results: QuizResults }) {
  const { t } = useTranslation('lms-student');
  return (
    <Stack $gap="0.5rem" data-testid="quiz-results">
      <h3 style={{ margin: 0, fontSize: '1rem' }}>{t('quiz.results')}</h3>
      {results.attempts.map((attempt) => (
        <AttemptRow key={attempt.id} attempt={attempt} />
      ))}
    </Stack>
  );
}

function AttemptRow({ attempt }: { attempt: AttemptResult }) {
  const { t, i18n } = useTranslation('lms-student');
  const when = attempt.submitted_at === null ? null : formatDateTime(new Date(attempt.submitted_at).getTime(), i18n.language);
  const data = {
    'data-testid': 'quiz-result',
    'data-attempt': attempt.attempt,
    'data-status': attempt.status,
    'data-passed': attempt.passed === null ? undefined : String(attempt.passed),
  };
  const line = (
    <>
      <strong>{t('quiz.attemptNumber', { attempt: attempt.attempt })}</strong>{' '}
      {attempt.status === 4 ? (
        <>
          <span data-testid="quiz-marks">{t('quiz.score', { marks: attempt.marks ?? 0, total: attempt.total_marks ?? 0, percent: attempt.percent ?? 0 })}</span>{' '}
          <Badge $tone={attempt.passed === true ? 'success' : 'danger'}>{attempt.passed === true ? t('quiz.passed') : t('quiz.failed')}</Badge>
        </>
      ) : attempt.status === 3 ? (
        <Badge $tone="warning" data-testid="quiz-awaiting">
          {t('quiz.awaiting')}
        </Badge>
      ) : (
        <Badge $tone="info">{t('quiz.inProgress')}</Badge>
      )}
      {attempt.late ? (
        <>
          {' '}
          <Badge $tone="neutral">{t('quiz.late')}</Badge>
        </>
      ) : null}
      {when === null ? null : <Muted as="span"> · {when}</Muted>}
    </>
  );
  // Per-question outcomes exist once evaluated: only then is there something to unfold.
  if (attempt.questions.length === 0) return <div {...data}>{line}</div>;
  return (
    <details {...data}>
      <summary>{line}</summary>
      <Table style={{ marginTop: '0.5rem', width: '100%' }}>
        <thead>
          <tr>
            <th>{t('quiz.question')}</th>
            <th>{t('quiz.awarded')}</th>
          </tr>
        </thead>
        <tbody>
          {attempt.questions.map((question, index) => (
            <tr key={question.id}>
              <td>{question.prompt ?? t('quiz.questionNumber', { number: index + 1 })}</td>
              <td>{t('quiz.awardedOf', { awarded: question.awarded, max: question.max })}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </details>
  );
}
