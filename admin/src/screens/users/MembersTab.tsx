import type { MemberListWire, RoleListWire } from '@lectern/sdk/wire';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOTSTRAP_KEY } from '../../api/bootstrap';
import { api } from '../../api/client';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { Pagination } from '../../ui/Pagination';
import { DataTable } from '../../ui/DataTable';
import { Button, Input, Muted, Row, Select, Stack } from '../../ui/primitives';
import { QueryView } from '../../ui/QueryView';
import { EmptyState, errorText } from '../../ui/states';
import { useToast } from '../../ui/toasts';
import { useSearchInput } from '../../ui/useSearchInput';
import { InviteForm } from './InviteForm';
import { MEMBERS_KEY, ROLES_KEY, type Member, type Role } from './types';

const LIMIT = 20;

/** An uploaded avatar is a URL or a storage path (bucket/path) served from the site's public storage. */
const avatarUrl = (avatar: string | null) =>
  avatar === null || avatar === '' ? null : /^https?:\/\/|^\//.test(avatar) ? avatar : `/storage/v1/object/public/${avatar}`;

/** The account's members: search, change roles, remove, invite. */
export function MembersTab() {
  const { t, i18n } = useTranslation('users');
  const toast = useToast();
  const queries = useQueryClient();
  const [offset, setOffset] = useState(0);
  const { typed, setTyped, search } = useSearchInput(() => setOffset(0));
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<{ member: Member; role: Role } | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const list = useQuery({
    queryKey: [...MEMBERS_KEY, search, offset],
    queryFn: () => api<MemberListWire>('/api/account/members', { query: { search, limit: LIMIT, offset } }),
    placeholderData: keepPreviousData,
  });
  const roles = useQuery({ queryKey: ROLES_KEY, queryFn: () => api<RoleListWire>('/api/account/roles') });
  const refresh = () => {
    void queries.invalidateQueries({ queryKey: MEMBERS_KEY });
    void queries.invalidateQueries({ queryKey: ROLES_KEY });
    void queries.invalidateQueries({ queryKey: BOOTSTRAP_KEY });
  };
  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: Member; role: Role }) =>
      api<Member>(`/api/account/members/${member.user_id}`, { method: 'PUT', body: { role_id: role.id } }),
    onSuccess: (member) => {
      setChanging(null);
      toast(t('users.members.roleChanged', { name: member.name, role: member.role.name }));
      refresh();
    },
    onError: (failure) => {
      setChanging(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  const remove = useMutation({
    mutationFn: (member: Member) => api(`/api/account/members/${member.user_id}`, { method: 'DELETE' }),
    onSuccess: (_data, member) => {
      setRemoving(null);
      toast(t('users.members.removed', { name: member.name }));
      if (list.data !== undefined && list.data.members.length === 1 && offset > 0) setOffset(Math.max(0, offset - LIMIT));
      refresh();
    },
    onError: (failure) => {
      setRemoving(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  const joined = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Stack>
      <Row $wrap style={{ justifyContent: 'space-between', alignItems: 'flex-end' }}>
        <div style={{ flex: '1 1 16rem', maxWidth: '24rem' }}>
          <Field label={t('users.members.search')}>
            <Input
              type="search"
              value={typed}
              placeholder={t('users.members.searchPlaceholder')}
              onChange={(e) => setTyped(e.target.value)}
              data-testid="member-search"
            />
          </Field>
        </div>
        <Button onClick={() => setInviting(true)} aria-expanded={inviting} disabled={inviting}>
          {t('users.invite.open')}
        </Button>
      </Row>
      {inviting ? <InviteForm roles={roles.data?.roles ?? []} onDone={() => setInviting(false)} /> : null}
      <QueryView
        query={list}
        isEmpty={(data) => data.members.length === 0}
        empty={<EmptyState title={search === '' ? t('users.members.none') : t('users.members.noMatch', { search })} />}
      >
        {(data) => (
          <div>
            <Muted aria-live="polite">{t('users.members.count', { count: data.total })}</Muted>
            <div style={{ overflowX: 'auto' }}>
              <DataTable
                style={{ width: '100%' }}
                aria-busy={list.isFetching}
                columns={[
                  <span className="visually-hidden">{t('users.members.picture')}</span>,
                  t('common.name'),
                  t('common.email'),
                  t('users.members.role'),
                  t('users.members.joined'),
                  t('common.actions'),
                ]}
              >
                {data.members.map((member) => (
                  <tr key={member.user_id} data-member={member.user_id}>
                    <td>
                      <Avatar src={avatarUrl(member.avatar)} name={member.name} />
                    </td>
                    <td>{member.name}</td>
                    <td style={{ overflowWrap: 'anywhere' }}>{member.email ?? '—'}</td>
                    <td>
                      <Select
                        value={member.role.id}
                        aria-label={t('users.members.roleOf', { name: member.name })}
                        disabled={roles.data === undefined || changeRole.isPending}
                        onChange={(e) => {
                          const role = roles.data?.roles.find((r) => r.id === e.target.value);
                          if (role !== undefined && role.id !== member.role.id) setChanging({ member, role });
                        }}
                        style={{ minWidth: '9rem' }}
                      >
                        {(roles.data?.roles ?? [member.role]).map((role) => (
                          <option key={role.id} value={role.id}>
                            {role.name}
                          </option>
                        ))}
                      </Select>
                    </td>
                    <td>{joined.format(new Date(member.created_at))}</td>
                    <td>
                      <Button $variant="ghost" onClick={() => setRemoving(member)} aria-label={t('users.members.removeNamed', { name: member.name })}>
                        {t('common.remove')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </DataTable>
            </div>
            <Pagination offset={offset} limit={LIMIT} total={data.total} onChange={setOffset} />
          </div>
        )}
      </QueryView>
      <ConfirmDialog
        open={changing !== null}
        title={t('users.members.confirmRole', { name: changing?.member.name ?? '', role: changing?.role.name ?? '' })}
        body={t('users.members.confirmRoleBody')}
        confirmLabel={t('users.members.changeRole')}
        danger={false}
        busy={changeRole.isPending}
        onConfirm={() => changing !== null && changeRole.mutate(changing)}
        onClose={() => setChanging(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('users.members.confirmRemove', { name: removing?.name ?? '' })}
        body={t('users.members.confirmRemoveBody')}
        confirmLabel={t('common.remove')}
        busy={remove.isPending}
        onConfirm={() => removing !== null && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
