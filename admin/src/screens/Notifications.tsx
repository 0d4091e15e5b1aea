import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { NotificationListWire } from '@lectern/sdk/wire';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { PageHeader } from '../ui/PageHeader';
import { Pagination } from '../ui/Pagination';
import { Badge, Button, Card, Row, Stack } from '../ui/primitives';
import { QueryView } from '../ui/QueryView';
import { EmptyState } from '../ui/states';
import { useToast } from '../ui/toasts';

const LIMIT = 20;
type Filter = 'all' | 'unread' | 'read';

/** Every notification of the member, newest first, filterable by state, a page at a time. */
export default function Notifications() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queries = useQueryClient();
  const [filter, setFilter] = useState<Filter>('all');
  const [offset, setOffset] = useState(0);
  const [deleting, setDeleting] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['notifications', 'page', filter, offset],
    queryFn: () =>
      api<NotificationListWire>('/api/notifications', {
        query: { limit: LIMIT, offset, read: filter === 'all' ? undefined : filter === 'read' },
      }),
  });
  const refresh = () => queries.invalidateQueries({ queryKey: ['notifications'] });
  const markRead = useMutation({ mutationFn: (id: string) => api(`/api/notifications/${id}/read`, { method: 'PUT', body: {} }), onSuccess: refresh });
  const markAll = useMutation({ mutationFn: () => api('/api/notifications/read-all', { method: 'POST', body: { type: 'other' } }), onSuccess: refresh });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/notifications/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      setDeleting(null);
      toast(t('notifications.deleted'));
      void refresh();
    },
  });
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <PageHeader
        title={t('notifications.title')}
        actions={
          <Button $variant="secondary" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            {t('notifications.markAllRead')}
          </Button>
        }
      />
      <Row role="tablist" aria-label={t('common.status')} style={{ marginBottom: '1rem' }}>
        {(['all', 'unread', 'read'] as const).map((value) => (
          <Button
            key={value}
            role="tab"
            aria-selected={filter === value}
            $variant={filter === value ? 'primary' : 'secondary'}
            onClick={() => (setFilter(value), setOffset(0))}
          >
            {t(`notifications.filter.${value}`)}
          </Button>
        ))}
      </Row>
      <QueryView query={list} isEmpty={(data) => data.notifications.length === 0} empty={<EmptyState title={t('notifications.none')} />}>
        {(data) => (
          <Stack $gap="0.6rem">
            {data.notifications.map((n) => (
              <Card key={n.id} data-read={n.read}>
                <Row style={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                  <div>
                    <Row $gap="0.5rem">
                      {!n.read ? <Badge $tone="info">{t('notifications.filter.unread')}</Badge> : null}
                      <strong>{n.title || t('notifications.untitled')}</strong>
                    </Row>
                    <p style={{ margin: '0.35rem 0' }}>{n.message}</p>
                    <small>{format.format(new Date(n.created_at))}</small>
                  </div>
                  <Row $gap="0.4rem">
                    {!n.read ? (
                      <Button $variant="secondary" onClick={() => markRead.mutate(n.id)}>
                        {t('notifications.markRead')}
                      </Button>
                    ) : null}
                    <Button $variant="ghost" onClick={() => setDeleting(n.id)}>
                      {t('common.delete')}
                    </Button>
                  </Row>
                </Row>
              </Card>
            ))}
            <Pagination offset={offset} limit={LIMIT} total={data.total} onChange={setOffset} />
          </Stack>
        )}
      </QueryView>
      <ConfirmDialog
        open={deleting !== null}
        title={t('notifications.confirmDelete')}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting !== null && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
