import type { CustomerUsageWire } from '@lectern/sdk/wire';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { Modal } from '../../ui/Modal';
import { Muted } from '../../ui/primitives';
import { QueryView } from '../../ui/QueryView';
import { UsageHistory } from '../billing/UsageHistory';
import { UsageTable } from '../billing/UsageMeters';
import { planLabel } from './shared';

/**
 * A customer's usage for the super-admin: what the site holds and uses now against its plan, and
 * its monthly meters over the last year as a chart, the same views the site's owner sees on their
 * billing page.
 */
export function CustomerUsage({ customer, onClose }: { customer: { id: string; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation('platform');
  return (
    <Modal
      open={customer !== null}
      title={t('platform.customers.usageTitle', { name: customer?.name ?? '' })}
      onClose={onClose}
      width={48}
      closeLabel={t('platform.customers.close')}
      testId="customer-usage"
    >
      {customer === null ? null : <UsageBody id={customer.id} />}
    </Modal>
  );
}

function UsageBody({ id }: { id: string }) {
  const { t } = useTranslation('platform');
  const { t: tb } = useTranslation('billing');
  const usage = useQuery({
    queryKey: ['platform-customer-usage', id],
    queryFn: () => api<CustomerUsageWire>(`/api/platform/billing/customers/${encodeURIComponent(id)}/usage`, { query: { months: 12 } }),
  });
  return (
    <QueryView query={usage}>
      {(data) => (
        <>
          <Muted style={{ marginTop: 0 }}>
            {data.account.slug} · {planLabel(t, data.account.plan)} · {t(`platform.customers.statuses.${data.account.billing_status}`)}
          </Muted>
          <h3 id="customer-usage-now">{tb('billing.usage')}</h3>
          <UsageTable usage={data.usage} limits={data.limits} labelledBy="customer-usage-now" />
          <h3>{tb('billing.history.title')}</h3>
          <UsageHistory months={data.months} limits={data.limits} idPrefix="customer-usage-history" />
        </>
      )}
    </QueryView>
  );
}
