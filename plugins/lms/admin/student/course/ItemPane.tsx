import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Card, Icon, Row, Stack } from '@lectern/admin/kit';
import { AssignmentPane } from '../assignment/AssignmentPane';
import { ItemTypeIcon } from '../icons';
import { QuizPane } from '../quiz/QuizPane';
import type { Player, PlayerItem } from '../types';
import { nextOpenItem } from './curriculum';
import { itemHref } from './links';
import { LockReason } from './LockReason';
import { UnitPane } from './UnitPane';

/** The open item: its content by kind, or why it is locked; "Next" leads to the next open item. */
export function ItemPane({ course, player, item }: { course: string; player: Player; item: PlayerItem }) {
  const { t } = useTranslation('lms-student');
  const next = nextOpenItem(player.items, item.id);
  // A completed item stays open even if it would be locked now (a retake, a resubmission).
  const locked = item.locked && !item.complete;
  const nextLink =
    next === null ? null : (
      <Button as={Link} to={itemHref(course, next.id)} $variant="secondary" data-testid="next-item" data-item={next.id}>
        {t('player.next')}
      </Button>
    );

  return (
    <Card as="article" data-testid="item-pane" data-item={item.id} data-type={item.post_type}>
      <Stack>
        <Row $gap="0.5rem">
          <ItemTypeIcon type={item.post_type} label={t(`type.${item.post_type}`)} />
          <h2 style={{ margin: 0 }}>{item.title}</h2>
        </Row>
        {locked ? (
          <Stack $gap="0.5rem" data-testid="item-locked">
            <Row $gap="0.5rem">
              <Icon name="lock" size={20} />
              <strong>{t('lock.title')}</strong>
            </Row>
            <LockReason item={item} as="p" />
          </Stack>
        ) : item.post_type === 'unit' ? (
          <UnitPane course={course} item={item} nextLink={nextLink} />
        ) : item.post_type === 'quiz' ? (
          <QuizPane course={course} item={item} />
        ) : item.post_type === 'assignment' ? (
          <AssignmentPane course={course} item={item} />
        ) : null}
        {item.post_type === 'unit' && !locked ? null : <Row>{nextLink}</Row>}
      </Stack>
    </Card>
  );
}
