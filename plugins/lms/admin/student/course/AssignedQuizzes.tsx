import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { api, Badge, Card, ErrorState, Muted, type Tone } from '@lectern/admin/kit';
import type { AssignedQuizWire } from '../../../src/assessments/routes/schemas.js';
import { LMS_API } from '../keys';

/** GET /api/lms/my/assigned-quizzes: status is the newest attempt's (1–2 open, 3 awaiting evaluation, 4 evaluated; null before the first). */
type AssignedQuiz = AssignedQuizWire;

/** Under 'lms', so finishing a quiz (which invalidates the LMS's keys) refreshes the states here. */
const assignedKey = ['lms', 'my-assigned-quizzes'] as const;

type State = 'notStarted' | 'inProgress' | 'awaiting' | 'evaluated';
const TONES: Record<State, Tone> = { notStarted: 'neutral', inProgress: 'info', awaiting: 'warning', evaluated: 'success' };

function stateOf(status: number | null): State {
  if (status === null) return 'notStarted';
  if (status >= 4) return 'evaluated';
  return status === 3 ? 'awaiting' : 'inProgress';
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.6rem;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: 0.35rem 1rem;
  }
  li + li {
    border-top: 1px solid ${(p) => p.theme.border};
    padding-top: 0.6rem;
  }
`;
const Heading = styled.h2`
  font-size: 1.05rem;
  margin: 0 0 0.75rem;
`;

/**
 * The quizzes an instructor assigned to the member (SPEC §3 `assigned_quiz`), above their
 * courses; drawn only when there are some, each linking into the course player at the quiz.
 */
export function AssignedQuizzes() {
  const { t, i18n } = useTranslation('lms-student');
  const assigned = useQuery({ queryKey: assignedKey, queryFn: () => api<{ quizzes: AssignedQuiz[] }>(`${LMS_API}/my/assigned-quizzes`) });
  if (assigned.isError) {
    return (
      <Card style={{ marginBottom: '1.25rem' }}>
        <ErrorState error={assigned.error} retry={() => void assigned.refetch()} />
      </Card>
    );
  }
  const quizzes = assigned.data?.quizzes ?? [];
  if (quizzes.length === 0) return null;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  return (
    <Card as="section" aria-labelledby="assigned-quizzes-title" data-testid="assigned-quizzes" style={{ marginBottom: '1.25rem' }}>
      <Heading id="assigned-quizzes-title">{t('assigned.title')}</Heading>
      <List>
        {quizzes.map((quiz) => {
          const state = stateOf(quiz.status);
          return (
            <li key={quiz.quiz_id} data-testid="assigned-quiz" data-quiz={quiz.quiz_id} data-state={state}>
              <span>
                <Link to={`${encodeURIComponent(quiz.course.slug)}/${quiz.quiz_id}`}>{quiz.title}</Link>
                <Muted as="span"> · {quiz.course.title}</Muted>
              </span>
              <span style={{ display: 'inline-flex', gap: '0.75rem', alignItems: 'baseline' }}>
                <Muted as="span">{t('assigned.on', { date: date.format(new Date(quiz.assigned_at)) })}</Muted>
                <Badge $tone={TONES[state]}>{t(`assigned.state.${state}`)}</Badge>
              </span>
            </li>
          );
        })}
      </List>
    </Card>
  );
}
