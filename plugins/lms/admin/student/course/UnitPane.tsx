import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, Button, DocumentView, EmptyState, QueryView, Row, type PuckDocument } from '@lectern/admin/kit';
import { playerPath, studentKeys } from '../keys';
import type { ItemDetail, PlayerItem } from '../types';
import { useUnitCompletion } from './useCourseActions';

const isDocument = (value: unknown): value is PuckDocument =>
  typeof value === 'object' && value !== null && Array.isArray((value as { content?: unknown }).content);

/** A unit: its document as the site draws it, and marking it (in)complete. */
export function UnitPane({ course, item, nextLink }: { course: string; item: PlayerItem; nextLink: ReactNode }) {
  const { t } = useTranslation('lms-student');
  const detail = useQuery({
    queryKey: studentKeys.item(course, item.id),
    queryFn: () => api<ItemDetail>(`${playerPath(course)}/items/${item.id}`),
  });
  const completion = useUnitCompletion(course, item.id);

  return (
    <>
      <QueryView
        query={detail}
        isEmpty={(data) => !isDocument(data.document) || data.document.content.length === 0}
        empty={<EmptyState title={t('unit.empty')} />}
      >
        {(data) => <div data-testid="unit-content">{isDocument(data.document) ? <DocumentView document={data.document} title={data.title} /> : null}</div>}
      </QueryView>
      <Row $wrap>
        {item.complete ? (
          <Button $variant="secondary" onClick={() => completion.mutate(false)} disabled={completion.isPending} data-testid="mark-incomplete">
            {t('unit.markIncomplete')}
          </Button>
        ) : (
          <Button onClick={() => completion.mutate(true)} disabled={completion.isPending} data-testid="mark-complete">
            {t('unit.markComplete')}
          </Button>
        )}
        {nextLink}
      </Row>
    </>
  );
}
