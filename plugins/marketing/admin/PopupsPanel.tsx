import { api, Badge, Button, Card, DataTable, EmptyState, Icon, QueryView, Row, Stack, TableScroll } from '@lectern/admin/kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, popupKeys, type MarketingPopup } from './model';
import { PopupEditor } from './PopupEditor';
import { RowAction, useConfirmedDelete } from './row-actions';

/**
 * SPEC §2 /popups: the site's popups with where and when they show; one is designed in the visual
 * editor with its display rules, or deleted after a confirmation.
 */
export function PopupsPanel() {
  const { t, i18n } = useTranslation('marketing-admin');
  const [editing, setEditing] = useState<MarketingPopup | null | undefined>(undefined);
  const popups = useQuery({ queryKey: popupKeys.all, queryFn: () => api<{ items: MarketingPopup[] }>(`${API}/popups`) });
  const removal = useConfirmedDelete<MarketingPopup>({
    path: (popup) => `${API}/popups/${popup.id}`,
    invalidate: popupKeys.all,
    title: (popup) => t('popups.deleteTitle', { name: popup.name }),
    body: () => t('popups.deleteBody'),
    confirmLabel: t('popups.delete'),
    deleted: (popup) => t('popups.deleted', { name: popup.name }),
  });
  if (editing !== undefined) return <PopupEditor popup={editing} onDone={() => setEditing(undefined)} />;

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (popup: MarketingPopup) =>
    popup.rules.trigger === 'delay'
      ? t('popups.summary.delay', { seconds: popup.rules.delay_seconds })
      : popup.rules.trigger === 'scroll'
        ? t('popups.summary.scroll', { percent: popup.rules.scroll_percent })
        : t('popups.summary.exit');
  return (
    <Stack style={{ marginTop: '1rem' }}>
      <div>
        <Button onClick={() => setEditing(null)} data-testid="new-popup">
          <Icon name="plus" />
          {t('popups.new')}
        </Button>
      </div>
      <QueryView query={popups} isEmpty={(data) => data.items.length === 0} empty={<EmptyState title={t('popups.none')} hint={t('popups.noneHint')} />}>
        {(data) => (
          <Card>
            <TableScroll>
              <DataTable
                data-testid="popup-table"
                columns={[
                  t('popups.name'),
                  t('popups.status'),
                  t('popups.pages'),
                  t('popups.when'),
                  t('popups.updated'),
                  <span className="visually-hidden">{t('actions')}</span>,
                ]}
              >
                {data.items.map((popup) => (
                  <tr key={popup.id} data-testid="popup-row">
                    <td>{popup.name}</td>
                    <td>
                      <Badge $tone={popup.status === 'published' ? 'success' : undefined}>{t(`popups.statuses.${popup.status}`)}</Badge>
                    </td>
                    <td>
                      {popup.rules.pages.mode === 'all'
                        ? t('popups.pageModes.all')
                        : `${t(`popups.pageModes.${popup.rules.pages.mode}`)}: ${popup.rules.pages.paths.join(', ')}`}
                    </td>
                    <td>{when(popup)}</td>
                    <td>{date.format(new Date(popup.updated_at))}</td>
                    <td>
                      <Row style={{ gap: '0.25rem', flexWrap: 'nowrap' }}>
                        <RowAction icon="pen" label={t('popups.editLabel', { name: popup.name })} onClick={() => setEditing(popup)} testId="popup-edit" />
                        <RowAction
                          icon="trash"
                          label={t('popups.deleteLabel', { name: popup.name })}
                          onClick={() => removal.ask(popup)}
                          testId="popup-delete"
                        />
                      </Row>
                    </td>
                  </tr>
                ))}
              </DataTable>
            </TableScroll>
          </Card>
        )}
      </QueryView>
      {removal.dialog}
    </Stack>
  );
}
