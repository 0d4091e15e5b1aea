import { Button, Icon, PageHeader, TabPanel, Tabs } from '@lectern/admin/kit';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MEMBERSHIPS_PATH } from '../shared/model';
import { CouponsTab } from './coupons/CouponsTab';
import { OrdersTab } from './orders/OrdersTab';
import { PaymentsTab } from './payments/PaymentsTab';
import { ProductsTab } from './products/ProductsTab';
import { SettingsTab } from './settings/SettingsTab';

export const SHOP_TABS = ['products', 'coupons', 'orders', 'payments', 'settings'] as const;
export type ShopTab = (typeof SHOP_TABS)[number];
const PANELS: Record<ShopTab, () => React.JSX.Element> = {
  products: ProductsTab,
  coupons: CouponsTab,
  orders: OrdersTab,
  payments: PaymentsTab,
  settings: SettingsTab,
};

const isTab = (value: string | null): value is ShopTab => (SHOP_TABS as readonly (string | null)[]).includes(value);

/**
 * The manager's shop as tabs. The open tab is in the address (?tab=orders) so reloads, the back
 * button and links from an order or product return to it; a tab's panel mounts on first visit
 * and then stays, keeping filters and unsaved payment settings while another tab is open.
 */
export function ShopTabs() {
  const { t } = useTranslation('ecommerce-shop');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: ShopTab = isTab(requested) ? requested : 'products';
  const [visited, setVisited] = useState<Set<ShopTab>>(() => new Set([active]));
  // Also when the address changes the tab (back button, a link with ?tab=).
  useEffect(() => setVisited((seen) => (seen.has(active) ? seen : new Set(seen).add(active))), [active]);
  const open = (id: string) => {
    if (isTab(id)) setParams(id === 'products' ? {} : { tab: id }, { replace: true });
  };
  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <Button as={Link} to={MEMBERSHIPS_PATH} $variant="secondary" data-testid="shop-memberships">
            <Icon name="users" />
            {t('membershipsLink')}
          </Button>
        }
      />
      <Tabs
        tabs={SHOP_TABS.map((id) => ({ id, label: t(`tabs.${id}`) }))}
        active={active}
        onChange={open}
        label={t('tabs.label')}
        idPrefix="shop"
        testIdPrefix="shop-tab"
      />
      {SHOP_TABS.map((id) => {
        const Panel = PANELS[id];
        return (
          <TabPanel key={id} id={id} idPrefix="shop" active={id === active}>
            {visited.has(id) || id === active ? <Panel /> : null}
          </TabPanel>
        );
      })}
    </>
  );
}
