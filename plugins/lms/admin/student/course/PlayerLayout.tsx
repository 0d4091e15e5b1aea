import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import styled from 'styled-components';
import { Button, EmptyState, PageHeader, Stack } from '@lectern/admin/kit';
import type { Player } from '../types';
import { CourseStatusPanel } from './CourseStatusPanel';
import { startingItem } from './curriculum';
import { ItemPane } from './ItemPane';
import { coursesHref, itemHref } from './links';
import { PlayerSidebar } from './PlayerSidebar';
import { ReviewPanel } from './ReviewPanel';
import { useAutoStart } from './useCourseActions';

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(14rem, 20rem) minmax(0, 1fr);
  gap: 1.5rem;
  align-items: start;
  @media (max-width: 860px) { grid-template-columns: minmax(0, 1fr); }
`;

/** The player once the student is enrolled: curriculum beside the open item, course state and review below. */
export function PlayerLayout({ course, player, itemId }: { course: string; player: Player; itemId: string | null }) {
  const { t } = useTranslation('lms-student');
  useAutoStart(course, player.enrolment.status);

  if (itemId === null) {
    const first = startingItem(player.items, player.next);
    if (first !== null) return <Navigate to={itemHref(course, first.id)} replace />;
  }
  const item = itemId === null ? undefined : player.items.find((candidate) => candidate.id === itemId);

  return (
    <>
      <PageHeader
        title={player.course.title}
        actions={
          <Button as={Link} to={coursesHref} $variant="secondary">
            {t('player.backToCourses')}
          </Button>
        }
      />
      <Columns>
        <PlayerSidebar course={course} player={player} activeId={itemId} />
        <Stack $gap="1.25rem">
          {item === undefined ? (
            <EmptyState title={itemId === null ? t('player.emptyCourse') : t('player.itemNotFound')} />
          ) : (
            <ItemPane key={item.id} course={course} player={player} item={item} />
          )}
          <CourseStatusPanel course={course} player={player} />
          {player.enrolment.status >= 2 ? <ReviewPanel course={course} /> : null}
        </Stack>
      </Columns>
    </>
  );
}
