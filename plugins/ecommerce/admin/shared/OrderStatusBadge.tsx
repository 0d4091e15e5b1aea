import { Badge, type Tone } from '@lectern/admin/kit';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from './model';

const TONE: Record<OrderStatus, Tone> = { pending: 'warning', paid: 'success', refunded: 'info', cancelled: 'neutral', failed: 'danger' };

/** An order's status as a coloured badge (the same words for buyers and managers). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('ecommerce-shop');
  return (
    <Badge $tone={TONE[status]} data-testid="order-status" data-status={status}>
      {t(`orderStatus.${status}`)}
    </Badge>
  );
}
