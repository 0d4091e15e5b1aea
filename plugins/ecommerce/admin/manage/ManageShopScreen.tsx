import { Navigate, Route, Routes } from 'react-router';
import { CurrencyGate } from '../shared/CurrencyGate';
import { MANAGE_PATH } from '../shared/model';
import { OrderDetail } from './orders/OrderDetail';
import { ProductEditor } from './products/ProductEditor';
import { ShopTabs } from './ShopTabs';

/**
 * SPEC §2 /dashboard/manage/ecommerce (manage_options): the Products, Coupons, Orders, Payments and
 * Settings tabs, a product's editor and an order's detail. Memberships and the quick-create "New
 * product" have their own entries and screens (/dashboard/manage/ecommerce/memberships and
 * /products/new), which the shell routes before this one (more specific paths win).
 */
export default function ManageShopScreen() {
  return (
    <CurrencyGate>
      <Routes>
        <Route index element={<ShopTabs />} />
        <Route path="products/new" element={<ProductEditor />} />
        <Route path="products/:id" element={<ProductEditor />} />
        <Route path="orders/:id" element={<OrderDetail />} />
        <Route path="*" element={<Navigate to={MANAGE_PATH} replace />} />
      </Routes>
    </CurrencyGate>
  );
}
