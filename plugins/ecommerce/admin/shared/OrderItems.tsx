import { Muted } from '@lectern/admin/kit';
import { useTranslation } from 'react-i18next';
import { itemsSummary } from './lines';
import type { Order } from './model';

/** An order's items for a table cell, marked when the order renews a subscription sold offline. */
export function OrderItems({ order }: { order: Pick<Order, 'items' | 'renews_subscription_id'> }) {
  const { t } = useTranslation('ecommerce-shop');
  return (
    <>
      {itemsSummary(order.items)}
      {order.renews_subscription_id === null ? null : <Muted data-testid="order-renewal">{t('renewal')}</Muted>}
    </>
  );
}
