import { api, Button, Card, Muted, PageHeader, QueryView, Row, Stack } from '@lectern/admin/kit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Facts } from '../shared/Facts';
import { API, keys, MY_ORDERS_PATH, type Order } from '../shared/model';
import { OrderStatusBadge } from '../shared/OrderStatusBadge';
import { OrderSummary } from '../shared/OrderSummary';

/** One of the member's orders: when it was placed and paid, how, its lines and totals; a pending offline order says what to do next. */
export function MyOrderDetail() {
  const { t, i18n } = useTranslation('ecommerce-orders');
  const { id } = useParams();
  const order = useQuery({ queryKey: [...keys.myOrders, 'one', id], queryFn: () => api<Order>(`${API}/my/orders/${id}`) });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <QueryView query={order}>
      {(loaded) => (
        <>
          <PageHeader
            title={t('detail.title', { number: loaded.order_id })}
            actions={
              <Button as={Link} to={MY_ORDERS_PATH} $variant="ghost" data-testid="my-order-back">
                {t('mine.back')}
              </Button>
            }
          />
          <Stack>
            <Row $wrap>
              <OrderStatusBadge status={loaded.status} />
            </Row>
            {loaded.status === 'pending' && loaded.provider === 'offline' ? <Muted role="note">{t('mine.pendingOffline')}</Muted> : null}
            <Card>
              <Facts>
                <dt>{t('detail.placed')}</dt>
                <dd>
                  <time dateTime={loaded.created_at}>{date.format(new Date(loaded.created_at))}</time>
                </dd>
                <dt>{t('detail.paid')}</dt>
                <dd>{loaded.paid_at === null ? '—' : <time dateTime={loaded.paid_at}>{date.format(new Date(loaded.paid_at))}</time>}</dd>
                <dt>{t('detail.method')}</dt>
                <dd>{t(`ecommerce-shop:provider.${loaded.provider}`, { defaultValue: loaded.provider })}</dd>
              </Facts>
            </Card>
            <Card>
              <OrderSummary order={loaded} />
            </Card>
          </Stack>
        </>
      )}
    </QueryView>
  );
}
