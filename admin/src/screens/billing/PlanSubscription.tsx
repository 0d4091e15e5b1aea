import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@lectern/sdk/site';
import type { BillingWire } from '@lectern/sdk/wire';
import { api, apiBlob } from '../../api/client';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Button, Card, Muted, Row, Table } from '../../ui/primitives';
import { errorText } from '../../ui/states';
import { saveBlob } from '../../ui/save-text';
import { TableScroll } from '../../ui/TableScroll';
import { useToast } from '../../ui/toasts';

type Subscription = NonNullable<BillingWire['subscription']>;
type Invoice = BillingWire['invoices'][number];

/** The running plan subscription: when it renews (or ends, once cancelled), and the way to cancel it with the period paid for. */
export function PlanSubscriptionRow({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation('billing');
  const toast = useToast();
  const queries = useQueryClient();
  const [asking, setAsking] = useState(false);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  const end = subscription.period_end === null ? '' : date.format(new Date(subscription.period_end));
  const cancel = useMutation({
    mutationFn: () => api<{ period_end: string | null }>('/api/account/billing/cancel', { method: 'POST', body: {} }),
    onSuccess: () => {
      setAsking(false);
      toast(t('billing.subscription.cancelled', { date: end }));
      void queries.invalidateQueries({ queryKey: ['billing'] });
    },
    onError: (failure) => {
      setAsking(false);
      toast(errorText(t, failure), 'danger');
    },
  });
  return (
    <Row $wrap data-testid="plan-subscription" style={{ justifyContent: 'space-between', marginTop: '0.75rem' }}>
      <span>{subscription.cancel_at_period_end ? t('billing.subscription.endsOn', { date: end }) : t('billing.subscription.renews', { date: end })}</span>
      {subscription.cancel_at_period_end ? null : (
        <Button $variant="secondary" type="button" onClick={() => setAsking(true)} data-testid="plan-cancel">
          {t('billing.subscription.cancel')}
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        title={t('billing.subscription.cancelTitle')}
        body={t('billing.subscription.cancelBody', { date: end })}
        confirmLabel={t('billing.subscription.cancel')}
        danger
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onClose={() => setAsking(false)}
      />
    </Row>
  );
}

/** The payments for the site's plan, newest first, each with its PDF receipt. */
export function Receipts({ invoices }: { invoices: Invoice[] }) {
  const { t, i18n } = useTranslation('billing');
  const toast = useToast();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  // Amounts are minor units; the currency's digits come from Intl, as the money formatter needs them.
  const money = (invoice: Invoice) =>
    formatMoney(
      invoice.amount,
      {
        code: invoice.currency,
        digits: new Intl.NumberFormat('en', { style: 'currency', currency: invoice.currency }).resolvedOptions().maximumFractionDigits ?? 2,
      },
      { locale: i18n.language },
    );
  const download = useMutation({
    mutationFn: async (invoice: Invoice) => {
      saveBlob(await apiBlob(`/api/account/billing/invoices/${invoice.id}.pdf`), `receipt-${invoice.order_number}.pdf`);
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  return (
    <Card aria-labelledby="billing-receipts">
      <h2 id="billing-receipts" style={{ marginTop: 0 }}>
        {t('billing.subscription.receipts')}
      </h2>
      {invoices.length === 0 ? (
        <Muted>{t('billing.subscription.noReceipts')}</Muted>
      ) : (
        <TableScroll>
          <Table>
            <thead>
              <tr>
                <th scope="col">{t('billing.subscription.paidOn')}</th>
                <th scope="col">{t('billing.subscription.number')}</th>
                <th scope="col">{t('billing.subscription.description')}</th>
                <th scope="col">{t('billing.subscription.amount')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('billing.subscription.download')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id} data-invoice={invoice.order_number}>
                  <td className="nowrap">{date.format(new Date(invoice.paid_at))}</td>
                  <td>{invoice.order_number}</td>
                  <td>{invoice.description}</td>
                  <td className="nowrap">{money(invoice)}</td>
                  <td>
                    <Button
                      $variant="ghost"
                      type="button"
                      onClick={() => download.mutate(invoice)}
                      disabled={download.isPending}
                      aria-label={t('billing.subscription.downloadLabel', { number: invoice.order_number })}
                    >
                      {t('billing.subscription.download')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </Card>
  );
}
