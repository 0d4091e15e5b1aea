import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api, ApiError, ErrorState, Loading } from '@lectern/admin/kit';
import { EnrolPanel } from './course/EnrolPanel';
import { ExpiredPanel } from './course/ExpiredPanel';
import { PlayerLayout } from './course/PlayerLayout';
import { playerPath, studentKeys } from './keys';
import type { Player } from './types';

/** Refusals that are answers, not failures: retrying them only delays the enrol or expired panel. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * The course player at /dashboard/courses/<course>[/<item>]: loads the student's view of the course
 * and shows the enrol panel (not enrolled), the expired notice, or the player itself.
 */
export function CoursePlayer() {
  const { t } = useTranslation('lms-student');
  const { course = '', item } = useParams();
  const player = useQuery({
    queryKey: studentKeys.player(course),
    queryFn: () => api<Player>(playerPath(course)),
    retry: (count, error) => !isRefusal(error) && count < 2,
  });

  if (player.isPending) return <Loading />;
  if (player.isError) {
    const error = player.error;
    if (error instanceof ApiError && error.code === 'not_enrolled') return <EnrolPanel course={course} />;
    if (error instanceof ApiError && error.code === 'enrolment_expired') return <ExpiredPanel />;
    return (
      <>
        <h1>{t('player.title')}</h1>
        <ErrorState error={error} retry={() => void player.refetch()} />
      </>
    );
  }
  // Keyed by course: the once-per-course start and the open item belong to one course.
  return <PlayerLayout key={course} course={course} player={player.data} itemId={item ?? null} />;
}
