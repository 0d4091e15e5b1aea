import { PageHeader } from '@lectern/admin/kit';
import { useTranslation } from 'react-i18next';
import { OrdersTab } from '../manage/orders/OrdersTab';
import { ProductsTab } from '../manage/products/ProductsTab';
import { CurrencyGate } from '../shared/CurrencyGate';
import { SubscriptionsList } from './SubscriptionsList';

/**
 * The super-admin's billing screens (issue 18): the platform sells plans through its own shop, so
 * its subscriptions, orders (refunds from an order's page) and plan products are this shop's lists,
 * under /dashboard/billing. Each is its own menu entry of the super-admin's menu.
 */
export function BillingSubscriptionsScreen() {
  const { t } = useTranslation('common');
  return (
    <CurrencyGate>
      <PageHeader title={t('menu.subscriptions')} />
      <SubscriptionsList />
    </CurrencyGate>
  );
}

export function BillingOrdersScreen() {
  const { t } = useTranslation('common');
  return (
    <CurrencyGate>
      <PageHeader title={t('menu.planOrders')} />
      <OrdersTab />
    </CurrencyGate>
  );
}

export function BillingProductsScreen() {
  const { t } = useTranslation('common');
  return (
    <CurrencyGate>
      <PageHeader title={t('menu.planProducts')} />
      <ProductsTab />
    </CurrencyGate>
  );
}
