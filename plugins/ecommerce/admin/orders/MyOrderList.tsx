import { api, Card, DataTable, EmptyState, PageHeader, Pagination, QueryView, TableScroll } from '@lectern/admin/kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrderItems } from '../shared/OrderItems';
import { API, keys, PAGE_SIZE, type Order, type Page } from '../shared/model';
import { OrderStatusBadge } from '../shared/OrderStatusBadge';
import { useMoney } from '../shared/useCurrency';

/** The member's orders, newest first and paged: number, date, items, total and status; each opens its detail. */
export function MyOrderList() {
  const { t, i18n } = useTranslation('ecommerce-orders');
  const { format } = useMoney();
  const [offset, setOffset] = useState(0);
  const orders = useQuery({
    queryKey: [...keys.myOrders, offset],
    queryFn: () => api<Page<Order>>(`${API}/my/orders`, { query: { offset, limit: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <>
      <PageHeader title={t('mine.title')} />
      <QueryView
        query={orders}
        isEmpty={(data) => data.items.length === 0 && offset === 0}
        empty={<EmptyState title={t('mine.none')} hint={t('mine.noneHint')} />}
      >
        {(data) => (
          <Card>
            <TableScroll>
              <DataTable
                data-testid="my-order-list"
                columns={[t('list.column.number'), t('list.column.date'), t('list.column.items'), t('list.column.total'), t('list.column.status')]}
              >
                {data.items.map((order) => (
                  <tr key={order.id} data-testid="my-order-row" data-order={order.order_id}>
                    <td className="nowrap">
                      <Link to={order.id}>#{order.order_id}</Link>
                    </td>
                    <td className="nowrap">
                      <time dateTime={order.created_at}>{date.format(new Date(order.created_at))}</time>
                    </td>
                    <td style={{ minWidth: '10rem' }}>
                      <OrderItems order={order} />
                    </td>
                    <td className="num">{format(order.total_amount, order.currency)}</td>
                    <td>
                      <OrderStatusBadge status={order.status} />
                    </td>
                  </tr>
                ))}
              </DataTable>
            </TableScroll>
            <Pagination offset={offset} limit={PAGE_SIZE} total={data.count} onChange={setOffset} />
          </Card>
        )}
      </QueryView>
    </>
  );
}
