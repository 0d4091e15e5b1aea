import { Badge, Button, Row, type Tone } from '@lectern/admin/kit';
import { useSortable } from '@dnd-kit/react/sortable';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { CurriculumItem, ItemType } from '../model';

const Line = styled.li<{ $section: boolean; $selected: boolean; $dragging: boolean }>`
  list-style: none;
  padding: 0.45rem 0.6rem;
  margin-inline-start: ${(p) => (p.$section ? '0' : '1.5rem')};
  @media (max-width: 600px) {
    margin-inline-start: ${(p) => (p.$section ? '0' : '0.75rem')};
  }
  border: 1px solid ${(p) => (p.$selected ? p.theme.primary : p.theme.border)};
  border-radius: 8px;
  background: ${(p) => (p.$section ? p.theme.surfaceAlt : p.theme.surface)};
  opacity: ${(p) => (p.$dragging ? 0.6 : 1)};
  font-weight: ${(p) => (p.$section ? 600 : 400)};
`;
const Handle = styled.button`
  cursor: grab;
  border: 0;
  background: transparent;
  color: ${(p) => p.theme.muted};
  font-size: 1.1rem;
  padding: 0 0.25rem;
`;
const Title = styled.button`
  flex: 1 1 9rem;
  min-width: 0;
  overflow-wrap: anywhere;
  text-align: start;
  font: inherit;
  background: transparent;
  border: 0;
  color: inherit;
  cursor: pointer;
  &:hover {
    text-decoration: underline;
  }
`;

/** Move and delete stay together, and drop below the title as one group on narrow screens. */
const Actions = styled(Row)`
  margin-inline-start: auto;
  button {
    padding-inline: 0.6rem;
    font-weight: 400;
  }
`;

const TONES: Record<ItemType, Tone> = { section: 'neutral', unit: 'info', quiz: 'warning', assignment: 'success' };

/**
 * One curriculum line: dragged by its handle, moved by the up/down buttons from the keyboard,
 * opened by its title, deleted after the tab's confirmation.
 */
export function SortableItem(props: {
  item: CurriculumItem;
  index: number;
  count: number;
  selected: boolean;
  disabled: boolean;
  onMove: (from: number, to: number) => void;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('lms-instructor');
  const { item, index, count } = props;
  const { ref, handleRef, isDragging } = useSortable({ id: item.id, index, disabled: props.disabled });
  return (
    <Line
      ref={ref}
      $section={item.post_type === 'section'}
      $selected={props.selected}
      $dragging={isDragging}
      data-testid="curriculum-item"
      data-item={item.id}
      data-type={item.post_type}
    >
      <Row $gap="0.5rem" $wrap>
        <Handle ref={handleRef} type="button" aria-label={t('curriculum.drag', { title: item.title })} data-testid="curriculum-drag">
          ⠿
        </Handle>
        <Badge $tone={TONES[item.post_type]}>{t(`itemType.${item.post_type}`)}</Badge>
        <Title type="button" onClick={props.onOpen} aria-pressed={props.selected} data-testid="curriculum-open">
          {item.title}
        </Title>
        <Actions $gap="0.15rem">
          <Button
            type="button"
            $variant="ghost"
            disabled={props.disabled || index === 0}
            onClick={() => props.onMove(index, index - 1)}
            aria-label={t('curriculum.moveUp', { title: item.title })}
            data-testid="curriculum-move-up"
          >
            ↑
          </Button>
          <Button
            type="button"
            $variant="ghost"
            disabled={props.disabled || index === count - 1}
            onClick={() => props.onMove(index, index + 1)}
            aria-label={t('curriculum.moveDown', { title: item.title })}
            data-testid="curriculum-move-down"
          >
            ↓
          </Button>
          <Button
            type="button"
            $variant="ghost"
            onClick={props.onDelete}
            aria-label={t('curriculum.deleteNamed', { title: item.title })}
            data-testid="curriculum-delete"
          >
            {t('curriculum.delete')}
          </Button>
        </Actions>
      </Row>
    </Line>
  );
}
