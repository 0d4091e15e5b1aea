import { api, Button, errorText, Field, Input, Muted, Row, Select, useSearchInput, useToast } from '@lectern/admin/kit';
import type { MemberListWire } from '@lectern/sdk/wire';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys, type Level } from '../shared/model';

/** How many matching members the picker offers at once (type more to narrow). */
const MATCHES = 10;

/** Grants the level to a member found by name or email (the kernel's member list), with its courses. */
export function GrantForm({ level }: { level: Level }) {
  const { t } = useTranslation(['ecommerce-memberships', 'ecommerce-shop']);
  const toast = useToast();
  const queries = useQueryClient();
  const [chosen, setChosen] = useState('');
  const { typed, setTyped, search } = useSearchInput(() => setChosen(''));
  const members = useQuery({
    queryKey: ['ecommerce', 'member-search', search],
    queryFn: () => api<MemberListWire>('/api/account/members', { query: { search, limit: MATCHES } }),
    enabled: search !== '',
    placeholderData: keepPreviousData,
  });
  const found = search === '' ? [] : (members.data?.members ?? []);
  const picked = chosen !== '' ? chosen : (found[0]?.user_id ?? '');
  const grant = useMutation({
    mutationFn: (userId: string) => api<{ changed: boolean }>(`${API}/memberships/${level.id}/members/${userId}`, { method: 'PUT', body: {} }),
    onSuccess: (answer, userId) => {
      const member = found.find((m) => m.user_id === userId);
      const name = member?.name || member?.email || '';
      toast(answer.changed ? t('members.granted', { name }) : t('members.alreadyHas', { name }));
      setTyped('');
      setChosen('');
      void queries.invalidateQueries({ queryKey: keys.levels });
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked !== '') grant.mutate(picked);
  };
  return (
    <form onSubmit={submit} data-testid="grant-form">
      <Row $wrap style={{ alignItems: 'flex-end' }}>
        <div style={{ flex: '1 1 12rem' }}>
          <Field label={t('members.find')} hint={t('members.findHint')}>
            <Input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={200} autoComplete="off" data-testid="grant-search" />
          </Field>
        </div>
        <div style={{ flex: '1 1 12rem' }}>
          <Field label={t('members.pick')}>
            <Select value={picked} onChange={(e) => setChosen(e.target.value)} disabled={found.length === 0} data-testid="grant-member">
              {found.length === 0 ? (
                <option value="">{search === '' ? t('members.typeToFind') : members.isFetching ? t('members.searching') : t('members.noMatch')}</option>
              ) : null}
              {found.map((member) => (
                <option key={member.user_id} value={member.user_id}>
                  {member.name === '' ? (member.email ?? member.user_id) : member.email === null ? member.name : `${member.name} (${member.email})`}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Button type="submit" disabled={picked === '' || grant.isPending} data-testid="grant-submit">
          {grant.isPending ? t('members.granting') : t('members.grant')}
        </Button>
      </Row>
      {members.isError ? <Muted role="alert">{errorText(t, members.error)}</Muted> : null}
    </form>
  );
}
