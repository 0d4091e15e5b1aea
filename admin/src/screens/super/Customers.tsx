import type { CustomerListWire } from '@lectern/sdk/wire';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, apiText } from '../../api/client';
import { DataTable } from '../../ui/DataTable';
import { Field } from '../../ui/Field';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { Badge, Button, Card, Input, Muted, Row, Select, Stack } from '../../ui/primitives';
import { QueryView } from '../../ui/QueryView';
import { saveText } from '../../ui/save-text';
import { EmptyState, errorText } from '../../ui/states';
import { TableScroll } from '../../ui/TableScroll';
import { useToast } from '../../ui/toasts';
import { useSearchInput } from '../../ui/useSearchInput';
import { CustomerUsage } from './CustomerUsage';
import { DateCell, planLabel } from './shared';

const LIMIT = 20;
const STATUSES = ['trialing', 'active', 'past_due', 'read_only', 'suspended', 'comp'] as const;
type Status = (typeof STATUSES)[number];
type Customer = CustomerListWire['customers'][number];

const TONES: Record<Status, 'success' | 'info' | 'warning' | 'danger' | 'neutral'> = {
  trialing: 'info',
  active: 'success',
  past_due: 'warning',
  read_only: 'warning',
  suspended: 'danger',
  comp: 'neutral',
};

/** Issue 18 super-admin /dashboard/billing/customers: every site the platform bills, where it stands, and its owner. */
export default function Customers() {
  const { t, i18n } = useTranslation('platform');
  const toast = useToast();
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useState<Status | ''>('');
  const [usageOf, setUsageOf] = useState<Customer | null>(null);
  const { typed: searchText, setTyped: setSearchText, search } = useSearchInput(() => setOffset(0));
  const filters = { search: search === '' ? undefined : search, status: status === '' ? undefined : status };
  const list = useQuery({
    queryKey: ['platform-customers', search, status, offset],
    queryFn: () => api<CustomerListWire>('/api/platform/billing/customers', { query: { ...filters, limit: LIMIT, offset } }),
  });
  const exportCsv = useMutation({
    mutationFn: async () => saveText(await apiText('/api/platform/billing/customers.csv', filters), 'customers.csv'),
    onSuccess: () => toast(t('platform.customers.exported')),
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const until = (customer: Customer) => customer.paid_until ?? customer.trial_ends_at ?? customer.suspends_on;
  return (
    <>
      <PageHeader title={t('platform.customers.title')} />
      <Stack>
        <Card aria-label={t('platform.customers.filters')}>
          <Row $wrap $gap="0.75rem" style={{ alignItems: 'flex-end' }}>
            <Field label={t('platform.customers.search')}>
              <Input type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} maxLength={200} autoComplete="off" />
            </Field>
            <Field label={t('platform.customers.status')}>
              <Select
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value as Status | '');
                  setOffset(0);
                }}
              >
                <option value="">{t('platform.customers.anyStatus')}</option>
                {STATUSES.map((id) => (
                  <option key={id} value={id}>
                    {t(`platform.customers.statuses.${id}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Button $variant="secondary" type="button" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
              {t('platform.customers.export')}
            </Button>
          </Row>
        </Card>
        <QueryView
          query={list}
          isEmpty={(data) => data.customers.length === 0}
          empty={<EmptyState title={search !== '' || status !== '' || offset > 0 ? t('platform.customers.noneMatching') : t('platform.customers.none')} />}
        >
          {(data) => (
            <Card>
              <Muted style={{ marginBottom: '0.5rem' }}>{t('platform.customers.total', { total: data.total })}</Muted>
              <TableScroll>
                <DataTable
                  columns={[
                    t('platform.customers.column.site'),
                    t('platform.customers.column.plan'),
                    t('platform.customers.column.status'),
                    t('platform.customers.column.until'),
                    t('platform.customers.column.owner'),
                    t('platform.customers.column.since'),
                    t('platform.customers.column.usage'),
                  ]}
                >
                  {data.customers.map((customer) => (
                    <tr key={customer.id} data-customer={customer.slug}>
                      <td>
                        <strong>{customer.name}</strong>
                        <Muted as="small" style={{ display: 'block' }}>
                          {customer.slug}
                        </Muted>
                      </td>
                      <td>{planLabel(t, customer.plan)}</td>
                      <td>
                        <Badge $tone={TONES[customer.billing_status]}>{t(`platform.customers.statuses.${customer.billing_status}`)}</Badge>
                      </td>
                      {until(customer) == null ? <td>—</td> : <DateCell at={until(customer) as string} format={date} />}
                      <td dir="ltr" style={{ textAlign: 'start' }}>
                        {customer.owner_email === null ? <Muted as="span">—</Muted> : <a href={`mailto:${customer.owner_email}`}>{customer.owner_email}</a>}
                      </td>
                      <DateCell at={customer.created_at} format={date} />
                      <td>
                        <Button
                          $variant="secondary"
                          type="button"
                          onClick={() => setUsageOf(customer)}
                          aria-label={t('platform.customers.usageOf', { name: customer.name })}
                        >
                          {t('platform.customers.usage')}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </DataTable>
              </TableScroll>
              <Pagination offset={offset} limit={LIMIT} total={data.total} onChange={setOffset} />
            </Card>
          )}
        </QueryView>
      </Stack>
      <CustomerUsage customer={usageOf} onClose={() => setUsageOf(null)} />
    </>
  );
}
