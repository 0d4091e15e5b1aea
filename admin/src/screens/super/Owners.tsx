import type { OwnerListWire } from '@lectern/sdk/wire';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { Field } from '../../ui/Field';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { DataTable } from '../../ui/DataTable';
import { Badge, Card, Input, Muted, Stack } from '../../ui/primitives';
import { QueryView } from '../../ui/QueryView';
import { EmptyState } from '../../ui/states';
import { TableScroll } from '../../ui/TableScroll';
import { useSearchInput } from '../../ui/useSearchInput';
import { DateCell } from './shared';

const LIMIT = 20;

/** SPEC §2 super-admin /dashboard/accounts/owners: who runs each account, newest first. */
export default function Owners() {
  const { t, i18n } = useTranslation('platform');
  const [offset, setOffset] = useState(0);
  const { typed: searchText, setTyped: setSearchText, search } = useSearchInput(() => setOffset(0));
  const list = useQuery({
    queryKey: ['platform-owners', search, offset],
    queryFn: () => api<OwnerListWire>('/api/platform/owners', { query: { search: search === '' ? undefined : search, limit: LIMIT, offset } }),
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <>
      <PageHeader title={t('platform.owners.title')} />
      <Stack>
        <Card aria-label={t('platform.owners.searchLabel')}>
          <Field label={t('platform.owners.search')} hint={t('platform.owners.searchHint')}>
            <Input type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} maxLength={200} autoComplete="off" />
          </Field>
        </Card>
        <QueryView
          query={list}
          isEmpty={(data) => data.owners.length === 0}
          empty={<EmptyState title={search !== '' || offset > 0 ? t('platform.owners.noneMatching') : t('platform.owners.none')} />}
        >
          {(data) => (
            <Card>
              <Muted style={{ marginBottom: '0.5rem' }}>{t('platform.owners.count', { count: data.total })}</Muted>
              <TableScroll>
                <DataTable
                  columns={[
                    t('common.name'),
                    t('common.email'),
                    t('platform.owners.column.account'),
                    t('platform.owners.column.role'),
                    t('platform.owners.column.since'),
                  ]}
                >
                  {data.owners.map((owner) => (
                    <tr key={`${owner.account.id}:${owner.user_id}`} data-owner={owner.user_id}>
                      <td>
                        <strong>{owner.name}</strong>
                      </td>
                      <td dir="ltr" style={{ textAlign: 'start' }}>
                        {owner.email === null ? <Muted as="span">{t('platform.owners.noEmail')}</Muted> : <a href={`mailto:${owner.email}`}>{owner.email}</a>}
                      </td>
                      <td>
                        {owner.account.name}
                        <Muted as="small" style={{ display: 'block' }}>
                          {owner.account.slug}
                        </Muted>
                      </td>
                      <td>
                        <Badge $tone={owner.role === 'owner' ? 'info' : 'neutral'}>
                          {t(`platform.owners.roles.${owner.role}`, { defaultValue: owner.role })}
                        </Badge>
                      </td>
                      <DateCell at={owner.created_at} format={date} />
                    </tr>
                  ))}
                </DataTable>
              </TableScroll>
              <Pagination offset={offset} limit={LIMIT} total={data.total} onChange={setOffset} />
            </Card>
          )}
        </QueryView>
      </Stack>
    </>
  );
}
