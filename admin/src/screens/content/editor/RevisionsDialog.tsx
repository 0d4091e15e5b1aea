import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable } from '../../../ui/DataTable';
import { Modal } from '../../../ui/Modal';
import { Pagination } from '../../../ui/Pagination';
import { Button, Muted } from '../../../ui/primitives';
import { QueryView } from '../../../ui/QueryView';
import { EmptyState } from '../../../ui/states';
import { TableScroll } from '../../../ui/TableScroll';
import { CONTENT_KEY, revisionsApi, type Revision } from '../model';

const PER_PAGE = 10;

/**
 * The item's saved versions, newest first (each save that changed the title or the blocks), with
 * who saved it and when; restoring one puts its title and blocks back after a confirmation.
 */
export function RevisionsDialog({
  open,
  itemId,
  dirty,
  busy,
  onRestore,
  onClose,
}: {
  open: boolean;
  itemId: string;
  dirty: boolean;
  busy: boolean;
  onRestore: (revision: Revision) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('content');
  const [offset, setOffset] = useState(0);
  const [restoring, setRestoring] = useState<Revision | null>(null);
  const revisions = useQuery({
    queryKey: [CONTENT_KEY, 'revisions', itemId, offset],
    queryFn: () => api<{ revisions: Revision[]; total: number }>(revisionsApi(itemId), { query: { limit: PER_PAGE, offset } }),
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Modal
      open={open}
      title={t('editor.revisions.title')}
      onClose={onClose}
      onOpen={() => setOffset(0)}
      width={44}
      closeLabel={t('common.close')}
      testId="revisions-dialog"
    >
      <Muted style={{ marginBottom: '0.75rem' }}>{t('editor.revisions.intro')}</Muted>
      <QueryView query={revisions} isEmpty={(data) => data.revisions.length === 0} empty={<EmptyState title={t('editor.revisions.none')} />}>
        {(data) => (
          <>
            <TableScroll>
              <DataTable columns={[t('editor.revisions.when'), t('editor.revisions.author'), t('editor.revisions.itemTitle'), t('common.actions')]}>
                {data.revisions.map((revision, index) => (
                  <tr key={revision.id} data-revision={revision.id}>
                    <td className="nowrap">
                      <time dateTime={revision.created_at}>{format.format(new Date(revision.created_at))}</time>
                    </td>
                    <td>{revision.author_name || <Muted as="span">{t('content.unknownAuthor')}</Muted>}</td>
                    <td>{revision.title}</td>
                    <td>
                      {offset === 0 && index === 0 ? (
                        <Muted as="span">{t('editor.revisions.current')}</Muted>
                      ) : (
                        <Button
                          type="button"
                          $variant="secondary"
                          disabled={busy}
                          onClick={() => setRestoring(revision)}
                          aria-label={t('editor.revisions.restoreFrom', { time: format.format(new Date(revision.created_at)) })}
                        >
                          {t('editor.revisions.restore')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </DataTable>
            </TableScroll>
            <Pagination offset={offset} limit={PER_PAGE} total={data.total} onChange={setOffset} />
          </>
        )}
      </QueryView>
      <ConfirmDialog
        open={restoring !== null}
        title={t('editor.revisions.confirm', { time: restoring === null ? '' : format.format(new Date(restoring.created_at)) })}
        body={dirty ? t('editor.revisions.confirmDirty') : t('editor.revisions.confirmBody')}
        confirmLabel={t('editor.revisions.restore')}
        danger={dirty}
        busy={busy}
        onConfirm={() => {
          if (restoring !== null) onRestore(restoring);
          setRestoring(null);
        }}
        onClose={() => setRestoring(null)}
      />
    </Modal>
  );
}
