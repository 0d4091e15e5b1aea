import {
  api,
  apiText,
  saveText,
  Button,
  Card,
  EmptyState,
  errorText,
  Field,
  FilterSelect,
  Input,
  Muted,
  QueryView,
  Row,
  Stack,
  useSearchInput,
  useToast,
} from '@lectern/admin/kit';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrderItems } from '../../shared/OrderItems';
import { API, keys, ORDER_STATUSES, PAGE_SIZE, PROVIDERS, type Order, type Page } from '../../shared/model';
import { OrderStatusBadge } from '../../shared/OrderStatusBadge';
import { useMoney } from '../../shared/useCurrency';
import { noOrderFilters, orderQuery, type OrderFilters } from './model';
import { ListTable, SearchRow } from '../../shared/ListParts';

/**
 * The Orders tab: filters (status, provider, text, date range), the paged list newest first, and
 * the filtered list as CSV (fetched with the member's credentials, then saved from memory).
 */
export function OrdersTab() {
  const { t, i18n } = useTranslation(['ecommerce-orders', 'ecommerce-shop']);
  const toast = useToast();
  const { format } = useMoney();
  const [offset, setOffset] = useState(0);
  const [filters, setFilters] = useState<OrderFilters>(noOrderFilters);
  const { typed, setTyped, search } = useSearchInput(() => setOffset(0));
  const query = orderQuery({ ...filters, search });
  const rangeError = filters.from !== '' && filters.to !== '' && filters.to < filters.from ? t('list.rangeInvalid') : null;
  const list = useQuery({
    queryKey: [...keys.orders, 'list', { ...query, offset }],
    queryFn: () => api<Page<Order>>(`${API}/orders`, { query: { ...query, offset, limit: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    enabled: rangeError === null,
  });
  const exportCsv = useMutation({
    mutationFn: async () => {
      const csv = await apiText(`${API}/orders/export.csv`, query);
      const file = `orders-${new Date().toISOString().slice(0, 10)}.csv`;
      saveText(csv, file);
      return file;
    },
    onSuccess: (file) => toast(t('list.exported', { file })),
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const change = (next: Partial<OrderFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setOffset(0);
  };
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const filtered = Object.values(query).some((value) => value !== undefined);
  return (
    <Stack>
      <SearchRow
        label={t('list.search')}
        hint={t('list.searchHint')}
        value={typed}
        onChange={setTyped}
        maxLength={200}
        testId="order-search"
        style={{ alignItems: 'flex-start' }}
      >
        <FilterSelect
          flex="1 1 9rem"
          label={t('list.status')}
          value={filters.status}
          options={ORDER_STATUSES}
          optionLabel={(s) => t(`ecommerce-shop:orderStatus.${s}`)}
          onChange={(status) => change({ status })}
        />
        <FilterSelect
          flex="1 1 9rem"
          label={t('list.provider')}
          value={filters.provider}
          options={PROVIDERS}
          optionLabel={(p) => t(`ecommerce-shop:provider.${p}`)}
          onChange={(provider) => change({ provider })}
        />
        <div style={{ flex: '1 1 9rem' }}>
          <Field label={t('list.from')}>
            <Input type="date" value={filters.from} onChange={(e) => change({ from: e.target.value })} data-testid="order-from" />
          </Field>
        </div>
        <div style={{ flex: '1 1 9rem' }}>
          <Field label={t('list.to')} error={rangeError}>
            <Input type="date" value={filters.to} onChange={(e) => change({ to: e.target.value })} data-testid="order-to" />
          </Field>
        </div>
      </SearchRow>
      <Row $wrap style={{ justifyContent: 'flex-end' }}>
        {filtered ? (
          <Button
            $variant="ghost"
            onClick={() => {
              setFilters(noOrderFilters());
              setTyped('');
              setOffset(0);
            }}
            data-testid="order-filters-clear"
          >
            {t('list.clearFilters')}
          </Button>
        ) : null}
        <Button $variant="secondary" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending || rangeError !== null} data-testid="order-export">
          {exportCsv.isPending ? t('list.exporting') : t('list.export')}
        </Button>
      </Row>
      {rangeError !== null ? null : (
        <QueryView
          query={list}
          isEmpty={(data) => data.items.length === 0 && offset === 0}
          empty={<EmptyState title={filtered ? t('list.noneMatching') : t('list.none')} hint={filtered ? undefined : t('list.noneHint')} />}
        >
          {(data) => (
            <Card>
              <ListTable
                testId="order-list"
                page={{ offset, total: data.count, onChange: setOffset }}
                columns={[
                  t('list.column.number'),
                  t('list.column.date'),
                  t('list.column.buyer'),
                  t('list.column.items'),
                  t('list.column.total'),
                  t('list.column.status'),
                  t('list.column.provider'),
                ]}
              >
                {data.items.map((order) => (
                  <tr key={order.id} data-testid="order-row" data-order={order.order_id}>
                    <td className="nowrap">
                      <Link to={`orders/${order.id}`}>#{order.order_id}</Link>
                    </td>
                    <td className="nowrap">
                      <time dateTime={order.created_at}>{date.format(new Date(order.created_at))}</time>
                    </td>
                    <td>
                      {order.name || order.email}
                      {order.name === '' ? null : <Muted style={{ overflowWrap: 'anywhere' }}>{order.email}</Muted>}
                    </td>
                    <td style={{ minWidth: '10rem' }}>
                      <OrderItems order={order} />
                    </td>
                    <td className="num" data-testid="order-total">
                      {format(order.total_amount, order.currency)}
                    </td>
                    <td>
                      <OrderStatusBadge status={order.status} />
                    </td>
                    <td>{t(`ecommerce-shop:provider.${order.provider}`, { defaultValue: order.provider })}</td>
                  </tr>
                ))}
              </ListTable>
            </Card>
          )}
        </QueryView>
      )}
    </Stack>
  );
}
