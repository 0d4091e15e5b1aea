import { Navigate, Route, Routes } from 'react-router';
import { CurrencyGate } from '../shared/CurrencyGate';
import { NEW_PRODUCT_PATH } from '../shared/model';
import { ProductEditor } from './products/ProductEditor';

/**
 * SPEC §2 quick-create "New product" (/dashboard/manage/ecommerce/products/new): the product form
 * straight away; saving or cancelling returns to the shop's product list.
 */
export default function NewProductScreen() {
  return (
    <CurrencyGate>
      <Routes>
        <Route index element={<ProductEditor />} />
        <Route path="*" element={<Navigate to={NEW_PRODUCT_PATH} replace />} />
      </Routes>
    </CurrencyGate>
  );
}
