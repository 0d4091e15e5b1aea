import { DataTable, Muted, Stack, TableScroll } from '@lectern/admin/kit';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Order } from './model';
import { periodText } from './period';
import { useMoney } from './useCurrency';

const Totals = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 0.35rem 1rem;
  margin: 0;
  max-width: 24rem;
  margin-inline-start: auto;
  dd {
    margin: 0;
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
`;

/** An order's lines and totals in the order's own currency (the buyer's and the manager's detail share it). */
export function OrderSummary({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('ecommerce-shop');
  const { format } = useMoney();
  const amount = (minor: number) => format(minor, order.currency);
  return (
    <Stack $gap="0.75rem">
      <TableScroll>
        <DataTable data-testid="order-lines" columns={[t('lines.product'), t('lines.quantity'), t('lines.price'), t('lines.total')]}>
          {order.items.map((line, index) => (
            <tr key={`${line.product_id}:${index}`}>
              <td>
                {line.title}
                {line.frequency === null ? null : (
                  <Muted>{t('every', { period: periodText(line.frequency.value, line.frequency.parameter, i18n.language) })}</Muted>
                )}
              </td>
              <td className="num">{line.quantity}</td>
              <td className="num">{amount(line.amount)}</td>
              <td className="num">{amount(line.amount * line.quantity)}</td>
            </tr>
          ))}
        </DataTable>
      </TableScroll>
      <Totals data-testid="order-totals">
        <dt>{t('lines.subtotal')}</dt>
        <dd>{amount(order.subtotal)}</dd>
        {order.discount === 0 ? null : (
          <>
            <dt>{order.coupon === null ? t('lines.discount') : t('lines.discountCoupon', { coupon: order.coupon })}</dt>
            <dd>−{amount(order.discount)}</dd>
          </>
        )}
        <dt>
          <strong>{t('lines.total')}</strong>
        </dt>
        <dd>
          <strong data-testid="order-total">{amount(order.total_amount)}</strong>
        </dd>
        {order.refunded_amount === 0 ? null : (
          <>
            <dt>{t('lines.refunded')}</dt>
            <dd data-testid="order-refunded">{amount(order.refunded_amount)}</dd>
          </>
        )}
      </Totals>
    </Stack>
  );
}
