import {
  api,
  apiText,
  saveText,
  Badge,
  Button,
  Card,
  EmptyState,
  errorText,
  FilterSelect,
  QueryView,
  Row,
  Stack,
  useSearchInput,
  useToast,
} from '@lectern/admin/kit';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionListWire } from '../../src/subscriptions/routes.js';
import { ListTable, SearchRow } from '../shared/ListParts';
import { API, keys, PAGE_SIZE } from '../shared/model';

const STATUSES = ['active', 'past_due', 'ended'] as const;
type Status = (typeof STATUSES)[number];
const TONES: Record<Status, 'success' | 'warning' | 'neutral'> = { active: 'success', past_due: 'warning', ended: 'neutral' };

/**
 * The shop's subscriptions, newest first: who pays for what, through which provider, until when; on
 * the platform's own shop, the site each plan pays for. Filtered by status and text, paged, as CSV.
 */
export function SubscriptionsList() {
  const { t, i18n } = useTranslation('ecommerce-orders');
  const toast = useToast();
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useState<Status | ''>('');
  const { typed, setTyped, search } = useSearchInput(() => setOffset(0));
  const query = { status: status === '' ? undefined : status, search: search === '' ? undefined : search };
  const list = useQuery({
    queryKey: [...keys.orders, 'subscriptions', { ...query, offset }],
    queryFn: () => api<SubscriptionListWire>(`${API}/subscriptions`, { query: { ...query, offset, limit: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const exportCsv = useMutation({
    mutationFn: async () => {
      const file = `subscriptions-${new Date().toISOString().slice(0, 10)}.csv`;
      saveText(await apiText(`${API}/subscriptions/export.csv`, query), file);
      return file;
    },
    onSuccess: (file) => toast(t('list.exported', { file })),
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const filtered = query.status !== undefined || query.search !== undefined;
  return (
    <Stack>
      <SearchRow label={t('subscriptions.search')} value={typed} onChange={setTyped} maxLength={200} testId="subscription-search">
        <FilterSelect
          flex="1 1 9rem"
          label={t('list.status')}
          value={status}
          options={STATUSES}
          optionLabel={(s) => t(`subscriptions.status.${s}`)}
          onChange={(next) => {
            setStatus(next);
            setOffset(0);
          }}
        />
      </SearchRow>
      <Row $wrap style={{ justifyContent: 'flex-end' }}>
        <Button $variant="secondary" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending} data-testid="subscription-export">
          {exportCsv.isPending ? t('list.exporting') : t('list.export')}
        </Button>
      </Row>
      <QueryView
        query={list}
        isEmpty={(data) => data.items.length === 0 && offset === 0}
        empty={<EmptyState title={filtered ? t('list.noneMatching') : t('subscriptions.none')} />}
      >
        {(data) => (
          <Card>
            <ListTable
              testId="subscription-list"
              page={{ offset, total: data.count, onChange: setOffset }}
              columns={[
                t('subscriptions.column.started'),
                t('subscriptions.column.buyer'),
                t('subscriptions.column.product'),
                t('subscriptions.column.site'),
                t('list.column.status'),
                t('subscriptions.column.periodEnd'),
                t('list.column.provider'),
              ]}
            >
              {data.items.map((item) => (
                <tr key={item.id} data-subscription={item.id}>
                  <td className="nowrap">{date.format(new Date(item.created_at))}</td>
                  <td>
                    <strong>{item.name || item.email}</strong>
                    {item.name === '' ? null : <div dir="ltr">{item.email}</div>}
                  </td>
                  <td>{item.product_title}</td>
                  <td>{item.site === null ? '—' : `${item.site.name} (${item.site.slug})`}</td>
                  <td>
                    <Badge $tone={TONES[item.status]}>{t(`subscriptions.status.${item.status}`)}</Badge>
                  </td>
                  <td className="nowrap">{item.current_period_end === null ? '—' : date.format(new Date(item.current_period_end))}</td>
                  <td>{t(`ecommerce-shop:provider.${item.provider}`, { defaultValue: item.provider })}</td>
                </tr>
              ))}
            </ListTable>
          </Card>
        )}
      </QueryView>
    </Stack>
  );
}
