import type { AlertListWire, UnreadUpdateListWire } from '@lectern/sdk/wire';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { api } from '../api/client';
import { Icon } from '../ui/Icon';
import { Muted } from '../ui/primitives';
import { Dropdown, MenuList } from './Dropdown';

const Severity = styled.span<{ $level: number }>`
  flex: none;
  width: 0.7rem;
  height: 0.7rem;
  margin-top: 0.35rem;
  border-radius: 50%;
  background: ${({ theme, $level }) => ($level >= 4 ? theme.danger : $level === 3 ? theme.warning : $level === 2 ? theme.info : theme.success)};
`;

/**
 * Alerts for the account's managers (SPEC §4): only unread ones with a count badge; a click marks one
 * read and refreshes the list. Platform updates the super-admins published arrive here too.
 */
export function AlertsBell({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const alerts = useQuery({
    queryKey: ['alerts'],
    queryFn: () => api<AlertListWire>('/api/account/notifications', { query: { unread: true, limit: 20 } }),
  });
  const updates = useQuery({
    queryKey: ['alerts', 'updates'],
    queryFn: () => api<UnreadUpdateListWire>('/api/account/getUpdates', { method: 'POST', body: { account_id: accountId } }),
  });
  const readAlert = useMutation({
    mutationFn: (id: string) => api(`/api/account/notifications/${id}/read`, { method: 'PUT', body: {} }),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['alerts'] }),
  });
  const readUpdate = useMutation({
    mutationFn: (id: string) => api(`/api/account/updates/${id}/read`, { method: 'PUT', body: {} }),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['alerts'] }),
  });
  const list = alerts.data?.notifications ?? [];
  const news = updates.data?.notifications ?? [];
  const count = (alerts.data?.count ?? 0) + news.length;
  return (
    <Dropdown label={t('shell.alerts')} icon={<Icon name="megaphone" />} count={count} width="24rem" testId="alerts-bell">
      {() => (
        <>
          {count === 0 ? <Muted style={{ padding: '0.5rem' }}>{t('shell.noAlerts')}</Muted> : null}
          <MenuList>
            {news.map((u) => (
              <li key={`u-${u.id}`}>
                <button onClick={() => readUpdate.mutate(u.id)}>
                  <Severity $level={u.updates.severity} aria-label={t('shell.severity', { level: u.updates.severity })} />
                  <span>
                    <strong>{u.updates.title}</strong>
                    {/* Sanitised by the server when it was published. */}
                    <div dangerouslySetInnerHTML={{ __html: u.updates.body }} />
                  </span>
                </button>
              </li>
            ))}
            {list.map((a) => (
              <li key={a.id}>
                <button onClick={() => readAlert.mutate(a.id)}>
                  <Severity $level={a.severity} aria-label={t('shell.severity', { level: a.severity })} />
                  {/* Sanitised by the server when it was posted. */}
                  <span dangerouslySetInnerHTML={{ __html: a.message }} />
                </button>
              </li>
            ))}
          </MenuList>
        </>
      )}
    </Dropdown>
  );
}
