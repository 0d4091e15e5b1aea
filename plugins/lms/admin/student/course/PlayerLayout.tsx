import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import styled from 'styled-components';
import { Button, EmptyState, Icon, PageHeader, Stack } from '@lectern/admin/kit';
import type { Player } from '../types';
import { CourseStatusPanel } from './CourseStatusPanel';
import { startingItem } from './curriculum';
import { ItemPane } from './ItemPane';
import { coursesHref, itemHref } from './links';
import { PlayerSidebar } from './PlayerSidebar';
import { ReviewPanel } from './ReviewPanel';
import { useAutoStart } from './useCourseActions';

/** Below this width the curriculum stacks above the open item instead of beside it. */
const NARROW = '860px';

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(14rem, 20rem) minmax(0, 1fr);
  gap: 1.5rem;
  align-items: start;
  @media (max-width: ${NARROW}) {
    grid-template-columns: minmax(0, 1fr);
    gap: 1rem;
  }
`;

/** On narrow screens the curriculum folds away behind this toggle, above the open item. */
const Toggle = styled(Button)`
  display: none;
  justify-content: space-between;
  width: 100%;
  @media (max-width: ${NARROW}) {
    display: inline-flex;
  }
  .progress {
    color: ${(p) => p.theme.muted};
    font-size: 0.9rem;
    margin-inline-start: auto;
  }
`;

const SidebarBox = styled.div<{ $open: boolean }>`
  min-width: 0;
  @media (max-width: ${NARROW}) {
    display: ${(p) => (p.$open ? 'block' : 'none')};
  }
`;

/** The player once the student is enrolled: curriculum beside the open item, course state and review below. */
export function PlayerLayout({ course, player, itemId }: { course: string; player: Player; itemId: string | null }) {
  const { t } = useTranslation('lms-student');
  useAutoStart(course, player.enrolment.status);
  const [curriculumOpen, setCurriculumOpen] = useState(false);
  // Choosing an item on a narrow screen folds the curriculum so the item itself is in view.
  useEffect(() => setCurriculumOpen(false), [itemId]);

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
        <Toggle
          type="button"
          $variant="secondary"
          aria-expanded={curriculumOpen}
          aria-controls="lms-player-curriculum"
          onClick={() => setCurriculumOpen((open) => !open)}
          data-testid="player-toggle"
        >
          <Icon name="menu" size={18} />
          {t('player.curriculum')}
          <span className="progress">{t('progress.percent', { percent: player.enrolment.progress })}</span>
        </Toggle>
        <SidebarBox id="lms-player-curriculum" $open={curriculumOpen}>
          <PlayerSidebar course={course} player={player} activeId={itemId} />
        </SidebarBox>
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
