import { api, Badge, Button, Card, EmptyState, errorText, Muted, QueryView, Stack, useToast } from '@lectern/admin/kit';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys, PAGE_SIZE, type Grant, type Level, type Page } from '../shared/model';
import { GrantForm } from './GrantForm';
import { ConfirmItem, ListTable } from '../shared/ListParts';

/** A level's members, newest first and paged: grant it to a member, or end an active member's level after asking. */
export function LevelMembers({ level }: { level: Level }) {
  const { t, i18n } = useTranslation(['ecommerce-memberships', 'ecommerce-shop']);
  const toast = useToast();
  const queries = useQueryClient();
  const [offset, setOffset] = useState(0);
  const [revoking, setRevoking] = useState<Grant | null>(null);
  const grants = useQuery({
    queryKey: [...keys.grants(level.id), offset],
    queryFn: () => api<Page<Grant>>(`${API}/memberships/${level.id}/members`, { query: { offset, limit: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const revoke = useMutation({
    mutationFn: (grant: Grant) => api<{ changed: boolean }>(`${API}/memberships/${level.id}/members/${grant.user_id}`, { method: 'DELETE' }),
    onSuccess: (answer) => {
      setRevoking(null);
      toast(answer.changed ? t('members.revoked') : t('members.alreadyEnded'));
      void queries.invalidateQueries({ queryKey: keys.levels });
    },
    onError: (failure) => {
      setRevoking(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Card data-testid="level-members-panel">
      <Stack>
        <h2 style={{ margin: 0, fontSize: '1.1rem' }}>{t('members.title')}</h2>
        <GrantForm level={level} />
        <QueryView
          query={grants}
          isEmpty={(data) => data.items.length === 0 && offset === 0}
          empty={<EmptyState title={t('members.none')} hint={t('members.noneHint')} />}
        >
          {(data) => (
            <>
              <ListTable
                testId="level-member-list"
                page={{ offset, total: data.count, onChange: setOffset }}
                columns={[
                  t('members.column.member'),
                  t('members.column.status'),
                  t('members.column.source'),
                  t('members.column.started'),
                  t('members.column.ended'),
                  <span className="visually-hidden">{t('members.column.actions')}</span>,
                ]}
              >
                {data.items.map((grant) => (
                  <tr key={`${grant.user_id}:${grant.started_at}`} data-testid="level-member-row" data-user={grant.user_id}>
                    <td>
                      <GrantMember grant={grant} />
                    </td>
                    <td>
                      <Badge $tone={grant.status === 'active' ? 'success' : 'neutral'}>{t(`members.status.${grant.status}`)}</Badge>
                    </td>
                    <td>{t(`members.source.${grant.source}`, { defaultValue: grant.source })}</td>
                    <td className="nowrap">{date.format(new Date(grant.started_at))}</td>
                    <td className="nowrap">{grant.ended_at === null ? '—' : date.format(new Date(grant.ended_at))}</td>
                    <td>
                      {grant.status === 'active' ? (
                        <Button $variant="ghost" onClick={() => setRevoking(grant)} data-testid="level-member-revoke">
                          {t('members.revoke')}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </ListTable>
            </>
          )}
        </QueryView>
      </Stack>
      <ConfirmItem
        item={revoking}
        title={t('members.revokeTitle', { level: level.name })}
        body={t('members.revokeBody')}
        confirmLabel={t('members.revoke')}
        busy={revoke.isPending}
        onConfirm={(item) => revoke.mutate(item)}
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}

/** The member as the grant names them: name and email, either alone, or the start of the id when neither is known. */
function GrantMember({ grant }: { grant: Grant }) {
  if (grant.name === '' && grant.email === '') return <Muted as="span">{grant.user_id.slice(0, 8)}</Muted>;
  return (
    <span>
      {grant.name || grant.email}
      {grant.name !== '' && grant.email !== '' ? <Muted as="span"> · {grant.email}</Muted> : null}
    </span>
  );
}
