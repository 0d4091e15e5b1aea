import type { NotificationListWire, NotificationWire } from '@lectern/sdk/wire';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../api/client';
import { Icon } from '../ui/Icon';
import { Muted } from '../ui/primitives';
import { Dropdown, MenuList } from './Dropdown';

export type MemberNotification = NotificationWire;

/** The bell: unread non-chat notifications (SPEC §4 badge), newest first; a click marks one read. */
export function NotificationBell() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const count = useQuery({ queryKey: ['notifications', 'unread-count'], queryFn: () => api<{ count: number }>('/api/notifications/unread-count') });
  const list = useQuery({
    queryKey: ['notifications', 'bell'],
    queryFn: () => api<NotificationListWire>('/api/notifications', { query: { read: false, type: 'other', limit: 8 } }),
  });
  const markRead = useMutation({
    mutationFn: (id: string) => api(`/api/notifications/${id}/read`, { method: 'PUT', body: {} }),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['notifications'] }),
  });
  const items = list.data?.notifications ?? [];
  return (
    <Dropdown label={t('shell.notifications')} icon={<Icon name="bell" />} count={count.data?.count ?? 0} testId="notification-bell">
      {(close) => (
        <>
          {items.length === 0 ? <Muted style={{ padding: '0.5rem' }}>{t('notifications.noneUnread')}</Muted> : null}
          <MenuList>
            {items.map((n) => (
              <li key={n.id}>
                <button onClick={() => markRead.mutate(n.id)}>
                  <span>
                    <strong>{n.title || t('notifications.untitled')}</strong>
                    <br />
                    <small>{n.message}</small>
                  </span>
                </button>
              </li>
            ))}
            <li>
              <Link to="/dashboard/notifications" onClick={close}>
                {t('notifications.seeAll')}
              </Link>
            </li>
          </MenuList>
        </>
      )}
    </Dropdown>
  );
}

/** The chat dropdown: recent chat notifications; opening it marks them all read (SPEC §4). */
export function ChatDropdown() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const list = useQuery({
    queryKey: ['chat', 'recent'],
    queryFn: () => api<NotificationListWire>('/api/notifications', { query: { type: 'chat', limit: 8 } }),
  });
  const markAll = useMutation({
    mutationFn: () => api('/api/notifications/read-all', { method: 'POST', body: { type: 'chat' } }),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['chat'] }),
  });
  const { mutate } = markAll;
  const items = list.data?.notifications ?? [];
  const unread = items.filter((n) => !n.read).length;
  const onOpen = useCallback(() => {
    if (unread > 0) mutate();
  }, [unread, mutate]);
  return (
    <Dropdown label={t('shell.chat')} icon={<Icon name="chat" />} count={unread} onOpen={onOpen} testId="chat-dropdown">
      {() =>
        items.length === 0 ? (
          <Muted style={{ padding: '0.5rem' }}>{t('shell.noChats')}</Muted>
        ) : (
          <MenuList>
            {items.map((n) => (
              <li key={n.id}>
                <span style={{ display: 'block', padding: '0.5rem 0.6rem' }}>
                  <strong>{n.title}</strong> <small>{n.message}</small>
                </span>
              </li>
            ))}
          </MenuList>
        )
      }
    </Dropdown>
  );
}
