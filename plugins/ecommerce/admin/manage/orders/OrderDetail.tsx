import { api, Button, Card, Grid, Muted, PageHeader, QueryView, Row, Stack } from '@lectern/admin/kit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Facts } from '../../shared/Facts';
import { MemberName } from '../../shared/MemberName';
import { API, keys, MANAGE_PATH, type Order } from '../../shared/model';
import { OrderStatusBadge } from '../../shared/OrderStatusBadge';
import { OrderSummary } from '../../shared/OrderSummary';
import { OrderActions } from './OrderActions';

/** /dashboard/manage/ecommerce/orders/:id: an order's buyer, lines and totals, and what the manager may do with it now. */
export function OrderDetail() {
  const { t, i18n } = useTranslation('ecommerce-orders');
  const { id } = useParams();
  const order = useQuery({ queryKey: [...keys.orders, 'one', id], queryFn: () => api<Order>(`${API}/orders/${id}`) });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const back = (
    <Button as={Link} to={`${MANAGE_PATH}?tab=orders`} $variant="ghost" data-testid="order-back">
      {t('detail.back')}
    </Button>
  );
  return (
    <QueryView query={order}>
      {(loaded) => (
        <>
          <PageHeader title={t('detail.title', { number: loaded.order_id })} actions={back} />
          <Stack>
            <Row $wrap>
              <OrderStatusBadge status={loaded.status} />
              <Muted as="span">{t(`ecommerce-shop:provider.${loaded.provider}`, { defaultValue: loaded.provider })}</Muted>
            </Row>
            <Grid $min="18rem">
              <Card>
                <h2 style={{ marginTop: 0, fontSize: '1.05rem' }}>{t('detail.buyer')}</h2>
                <Facts>
                  <dt>{t('detail.name')}</dt>
                  <dd>{loaded.name || <MemberName id={loaded.user_id} />}</dd>
                  <dt>{t('detail.email')}</dt>
                  <dd>{loaded.email}</dd>
                  {loaded.country === null ? null : (
                    <>
                      <dt>{t('detail.country')}</dt>
                      <dd>{new Intl.DisplayNames(i18n.language, { type: 'region' }).of(loaded.country) ?? loaded.country}</dd>
                    </>
                  )}
                </Facts>
              </Card>
              <Card>
                <h2 style={{ marginTop: 0, fontSize: '1.05rem' }}>{t('detail.payment')}</h2>
                <Facts>
                  <dt>{t('detail.placed')}</dt>
                  <dd>
                    <time dateTime={loaded.created_at}>{date.format(new Date(loaded.created_at))}</time>
                  </dd>
                  <dt>{t('detail.paid')}</dt>
                  <dd>{loaded.paid_at === null ? '—' : <time dateTime={loaded.paid_at}>{date.format(new Date(loaded.paid_at))}</time>}</dd>
                  <dt>{t('detail.coupon')}</dt>
                  <dd>{loaded.coupon ?? '—'}</dd>
                </Facts>
              </Card>
            </Grid>
            <Card>
              <OrderSummary order={loaded} />
            </Card>
            <OrderActions order={loaded} />
          </Stack>
        </>
      )}
    </QueryView>
  );
}
