import { PageHeader } from '@lectern/admin/kit';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { OrderDetail } from '../manage/orders/OrderDetail';
import { OrdersTab } from '../manage/orders/OrdersTab';
import { ProductEditor } from '../manage/products/ProductEditor';
import { ProductsTab } from '../manage/products/ProductsTab';
import { CurrencyGate } from '../shared/CurrencyGate';
import { SubscriptionsList } from './SubscriptionsList';

/** A billing list under its title; the shop's own detail screens open beneath it (the lists link to `orders/:id`, `products/:id`). */
function BillingList({ title, list, detail }: { title: string; list: ReactNode; detail?: { path: string; element: ReactNode } }) {
  const { t } = useTranslation('common');
  const page = (
    <>
      <PageHeader title={t(title)} />
      {list}
    </>
  );
  return (
    <CurrencyGate>
      <Routes>
        <Route index element={page} />
        {detail === undefined ? null : <Route path={detail.path} element={detail.element} />}
      </Routes>
    </CurrencyGate>
  );
}

/**
 * The super-admin's billing screens (issue 18): the platform sells plans through its own shop, so
 * its subscriptions, orders (marked paid or refunded from an order's page) and plan products are
 * this shop's lists, under /dashboard/billing. Each is its own entry of the super-admin's menu.
 */
export function BillingSubscriptionsScreen() {
  return <BillingList title="menu.subscriptions" list={<SubscriptionsList />} />;
}

export function BillingOrdersScreen() {
  return <BillingList title="menu.planOrders" list={<OrdersTab />} detail={{ path: 'orders/:id', element: <OrderDetail /> }} />;
}

export function BillingProductsScreen() {
  return <BillingList title="menu.planProducts" list={<ProductsTab />} detail={{ path: 'products/:id', element: <ProductEditor /> }} />;
}
