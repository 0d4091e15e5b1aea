import { api, Button, Card, ConfirmDialog, errorText, Field, Input, Muted, Row, Stack, useToast } from '@lectern/admin/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys, type Order } from '../../shared/model';
import { currencyFor, majorText } from '../../shared/money';
import { useMoney } from '../../shared/useCurrency';
import { checkRefund, orderActions, refundLeft } from './model';

type Action = { kind: 'paid' } | { kind: 'cancel' } | { kind: 'refund'; amount: number };

/**
 * Mark paid (a pending offline order: delivers it), Cancel (pending) and Refund (paid: part or all
 * of what is left; a full refund takes back what the order delivered). Each asks first.
 */
export function OrderActions({ order }: { order: Order }) {
  const { t } = useTranslation(['ecommerce-orders', 'ecommerce-shop']);
  const toast = useToast();
  const queries = useQueryClient();
  const { site, format } = useMoney();
  const currency = currencyFor(order.currency, site);
  const left = refundLeft(order);
  const [refundText, setRefundText] = useState(() => majorText(left, currency.digits));
  const [refundError, setRefundError] = useState<string | null>(null);
  const [asking, setAsking] = useState<Action | null>(null);
  const act = useMutation({
    mutationFn: (action: Action) =>
      api<Order>(`${API}/orders/${order.id}/${action.kind}`, {
        method: 'POST',
        body: action.kind === 'refund' && action.amount !== left ? { amount: action.amount } : {},
      }),
    onSuccess: (updated, action) => {
      setAsking(null);
      toast(t(`detail.done.${action.kind}`, { number: updated.order_id }));
      queries.setQueryData([...keys.orders, 'one', order.id], updated);
      setRefundText(majorText(refundLeft(updated), currency.digits));
      void queries.invalidateQueries({ queryKey: keys.orders });
    },
    onError: (failure) => {
      setAsking(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  const allowed = orderActions(order);
  if (allowed.length === 0) return null;
  const askRefund = () => {
    const checked = checkRefund(refundText, left, currency.digits);
    if ('error' in checked) {
      setRefundError(t(checked.error, { left: format(left, order.currency) }));
      return;
    }
    setRefundError(null);
    setAsking({ kind: 'refund', amount: checked.amount });
  };
  const confirmText = (action: Action) => {
    if (action.kind === 'refund') {
      const amount = format(action.amount, order.currency);
      return {
        title: t('detail.refundTitle', { amount }),
        body: t(action.amount === left ? 'detail.refundAllBody' : 'detail.refundPartBody'),
        label: t('detail.refund'),
      };
    }
    return action.kind === 'paid'
      ? { title: t('detail.paidTitle'), body: t('detail.paidBody'), label: t('detail.markPaid') }
      : { title: t('detail.cancelTitle'), body: t('detail.cancelBody'), label: t('detail.cancel') };
  };
  const text = asking === null ? null : confirmText(asking);
  return (
    <Card data-testid="order-actions">
      <Stack>
        <h2 style={{ margin: 0, fontSize: '1.05rem' }}>{t('detail.actions')}</h2>
        {allowed.includes('paid') ? (
          <Row $wrap>
            <Button onClick={() => setAsking({ kind: 'paid' })} disabled={act.isPending} data-testid="order-mark-paid">
              {t('detail.markPaid')}
            </Button>
            <Button $variant="danger" onClick={() => setAsking({ kind: 'cancel' })} disabled={act.isPending} data-testid="order-cancel">
              {t('detail.cancel')}
            </Button>
          </Row>
        ) : null}
        {allowed.includes('paid') ? <Muted>{t('detail.paidHint')}</Muted> : null}
        {allowed.includes('refund') ? (
          <Row $wrap style={{ alignItems: 'flex-end' }}>
            <div style={{ flex: '0 1 14rem' }}>
              <Field
                label={t('detail.refundAmount', { currency: order.currency })}
                hint={t('detail.refundLeft', { left: format(left, order.currency) })}
                error={refundError}
              >
                <Input value={refundText} onChange={(e) => setRefundText(e.target.value)} inputMode="decimal" data-testid="order-refund-amount" />
              </Field>
            </div>
            <Button $variant="danger" onClick={askRefund} disabled={act.isPending} data-testid="order-refund">
              {t('detail.refund')}
            </Button>
          </Row>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={asking !== null}
        title={text?.title ?? ''}
        body={text?.body}
        confirmLabel={text?.label ?? ''}
        danger={asking?.kind !== 'paid'}
        busy={act.isPending}
        onConfirm={() => asking !== null && act.mutate(asking)}
        onClose={() => setAsking(null)}
      />
    </Card>
  );
}
