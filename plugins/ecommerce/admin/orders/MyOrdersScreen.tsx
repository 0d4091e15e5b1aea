import { Navigate, Route, Routes } from 'react-router';
import { CurrencyGate } from '../shared/CurrencyGate';
import { MY_ORDERS_PATH } from '../shared/model';
import { MyOrderDetail } from './MyOrderDetail';
import { MyOrderList } from './MyOrderList';

/** SPEC §2 /dashboard/orders: the signed-in member's orders and each order's detail. */
export default function MyOrdersScreen() {
  return (
    <CurrencyGate>
      <Routes>
        <Route index element={<MyOrderList />} />
        <Route path=":id" element={<MyOrderDetail />} />
        <Route path="*" element={<Navigate to={MY_ORDERS_PATH} replace />} />
      </Routes>
    </CurrencyGate>
  );
}
