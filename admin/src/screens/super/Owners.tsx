import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { Field } from '../../ui/Field';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { Badge, Card, Input, Muted, Stack, Table } from '../../ui/primitives';
import { EmptyState, ErrorState, Loading } from '../../ui/states';
import { TableScroll } from './Accounts';

/** core/src/platform/schemas.ts OwnerSchema. */
interface Owner {
  user_id: string;
  name: string;
  email: string | null;
  account: { id: string; slug: string; name: string };
  /** Slug of the role granting manage_options. */
  role: string;
  created_at: string;
}

const LIMIT = 20;
const SEARCH_DELAY_MS = 300;

/** SPEC §2 super-admin /dashboard/accounts/owners: who runs each account, newest first. */
export default function Owners() {
  const { t, i18n } = useTranslation('platform');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);
  const list = useQuery({
    queryKey: ['platform-owners', search, offset],
    queryFn: () => api<{ owners: Owner[]; total: number }>('/api/platform/owners', { query: { search: search === '' ? undefined : search, limit: LIMIT, offset } }),
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
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <ErrorState error={list.error} retry={() => void list.refetch()} />
        ) : list.data.owners.length === 0 ? (
          <EmptyState title={search !== '' || offset > 0 ? t('platform.owners.noneMatching') : t('platform.owners.none')} />
        ) : (
          <Card>
            <Muted style={{ marginBottom: '0.5rem' }}>{t('platform.owners.count', { count: list.data.total })}</Muted>
            <TableScroll>
              <Table>
                <thead>
                  <tr>
                    <th scope="col">{t('common.name')}</th>
                    <th scope="col">{t('common.email')}</th>
                    <th scope="col">{t('platform.owners.column.account')}</th>
                    <th scope="col">{t('platform.owners.column.role')}</th>
                    <th scope="col">{t('platform.owners.column.since')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.owners.map((owner) => (
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
                        <Badge $tone={owner.role === 'owner' ? 'info' : 'neutral'}>{t(`platform.owners.roles.${owner.role}`, { defaultValue: owner.role })}</Badge>
                      </td>
                      <td className="nowrap">
                        <time dateTime={owner.created_at}>{date.format(new Date(owner.created_at))}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
            <Pagination offset={offset} limit={LIMIT} total={list.data.total} onChange={setOffset} />
          </Card>
        )}
      </Stack>
    </>
  );
}
