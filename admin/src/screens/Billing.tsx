import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { api } from '../api/client';
import { Icon } from '../ui/Icon';
import { PageHeader } from '../ui/PageHeader';
import { Badge, Button, Card, Muted, Row, Stack, Table } from '../ui/primitives';
import { QueryView } from '../ui/QueryView';
import type { BillingWire, PlanLimitsWire, UsageHistoryWire } from '@lectern/sdk/wire';
import { useTrialText } from '../shell/TrialBanner';
import { PlanCheckout } from './billing/PlanCheckout';
import { PlanSubscriptionRow, Receipts } from './billing/PlanSubscription';
import { UsageHistory } from './billing/UsageHistory';
import { Scroll, UsageTable, useUsageFormats } from './billing/UsageMeters';

/** GET /api/account/billing (core/src/dashboard-data/schemas.ts BillingResponse). */
type BillingResponse = BillingWire;
type PlanInfo = BillingWire['plans'][number];
type Prices = PlanInfo['prices'];
type Limits = PlanLimitsWire;
/** The plan's numeric limits (storage is a group of three). */
type NumericLimit = Exclude<keyof Limits, 'storage'>;
type Usage = BillingWire['usage'];

/** The limits the plan comparison shows, in order. */
const COMPARED: { key: NumericLimit | 'storage'; mb?: boolean }[] = [
  { key: 'totalMembers' },
  { key: 'monthlyEmails' },
  { key: 'storage', mb: true },
  { key: 'courses' },
  { key: 'groups' },
  { key: 'concurrentUsers' },
];

const Warning = styled.p`
  margin: 0.5rem 0;
  padding: 0.6rem 0.8rem;
  border-inline-start: 4px solid ${(p) => p.theme.warning};
  background: ${(p) => p.theme.surfaceAlt};
`;

const CurrentRow = styled.tr`
  background: ${(p) => p.theme.surfaceAlt};
`;

const FeatureList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  list-style: none;
  margin: 0.5rem 0 0;
  padding: 0;
`;

const Chip = styled.li`
  display: inline-flex;
  align-items: center;
  gap: 0.3rem;
  padding: 0.2rem 0.6rem;
  border-radius: 999px;
  border: 1px solid ${(p) => p.theme.border};
  background: ${(p) => p.theme.surfaceAlt};
  font-size: 0.9rem;
  svg {
    color: ${(p) => p.theme.success};
  }
`;

function useFormats() {
  const { t, i18n } = useTranslation('billing');
  const { percent, amount, limit } = useUsageFormats();
  const money = (amount: number) => {
    const whole = Number.isInteger(amount);
    return new Intl.NumberFormat(i18n.language, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    }).format(amount);
  };
  const feature = (id: string) => t(`billing.featureNames.${id}`, { defaultValue: id });
  const planLabel = (plan: PlanInfo) => t(`billing.planNames.${plan.id}`, { defaultValue: plan.label });
  return { percent, money, amount, limit, feature, planLabel };
}

/** /dashboard/billing: the account's plan, its features, usage against the limits, and the other plans. */
export default function Billing() {
  const { t } = useTranslation('billing');
  const billing = useQuery({ queryKey: ['billing'], queryFn: () => api<BillingResponse>('/api/account/billing') });
  return (
    <>
      <PageHeader title={t('billing.title')} />
      <QueryView query={billing}>
        {(data) => (
          <Stack>
            <CurrentPlan data={data} />
            <Usage usage={data.usage} limits={data.limits} />
            {data.checkout.providers.length > 0 || data.invoices.length > 0 ? <Receipts invoices={data.invoices} /> : null}
            <Features features={data.features} />
            <ComparePlans plans={data.plans} current={data.plan.id} />
          </Stack>
        )}
      </QueryView>
    </>
  );
}

function PriceList({ prices }: { prices: Prices }) {
  const { t } = useTranslation('billing');
  const formats = useFormats();
  const lines: string[] = [];
  if (prices.monthly?.amount !== undefined) lines.push(t('billing.monthly', { price: formats.money(prices.monthly.amount) }));
  if (prices.annual?.amount !== undefined) lines.push(t('billing.annual', { price: formats.money(prices.annual.amount) }));
  if (prices.onetime?.amount !== undefined) lines.push(t('billing.onetime', { price: formats.money(prices.onetime.amount) }));
  const trial = prices.monthly?.trial_days ?? prices.annual?.trial_days ?? 0;
  if (lines.length === 0) return <Muted>{t('billing.noPrice')}</Muted>;
  return (
    <div>
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
      {trial > 0 ? <Muted style={{ fontSize: '0.85rem' }}>{t('billing.trial', { count: trial })}</Muted> : null}
    </div>
  );
}

function CurrentPlan({ data }: { data: BillingResponse }) {
  const { t } = useTranslation('billing');
  const formats = useFormats();
  const trialText = useTrialText();
  const plan = data.plan;
  return (
    <Card aria-labelledby="billing-plan" data-plan={plan.id}>
      <Muted>{t('billing.currentPlan')}</Muted>
      <Row $wrap $gap="0.5rem">
        <h2 id="billing-plan" style={{ margin: '0.2rem 0' }}>
          {formats.planLabel(plan)}
        </h2>
        <Badge $tone={plan.known === false ? 'warning' : 'success'}>{t('billing.current')}</Badge>
      </Row>
      {plan.description === '' ? null : <p style={{ margin: '0.3rem 0 0.75rem' }}>{plan.description}</p>}
      {data.trial === null ? null : (
        <p data-testid="billing-trial" style={{ margin: '0 0 0.75rem', fontWeight: 600 }}>
          {trialText(formats.planLabel(plan), data.trial.ends_at)}
        </p>
      )}
      {plan.known === false ? <Warning role="alert">{t('billing.unknownPlan')}</Warning> : <PriceList prices={plan.prices} />}
      <Standing data={data} />
      {data.subscription === null ? null : <PlanSubscriptionRow subscription={data.subscription} />}
      {data.checkout.providers.length > 0 ? (
        <PlanCheckout data={data} />
      ) : (
        <Row $wrap style={{ marginTop: '1rem', justifyContent: 'space-between' }}>
          <Muted>{t('billing.changePlan')}</Muted>
          <Button as={Link} to="/dashboard/tickets" $variant="secondary" style={{ textDecoration: 'none' }}>
            <Icon name="lifebuoy" />
            {t('billing.contactSupport')}
          </Button>
        </Row>
      )}
    </Card>
  );
}

/** Where the site stands with the platform's bill: paid until when, or what is wrong and by when to act. */
function Standing({ data }: { data: BillingResponse }) {
  const { t, i18n } = useTranslation('billing');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  const { status, paid_until: paidUntil, suspends_on: suspendsOn } = data.standing;
  if (status === 'past_due') return <Warning role="alert">{t('billing.pastDue')}</Warning>;
  if (status === 'read_only')
    return <Warning role="alert">{t('billing.readOnly', { date: suspendsOn == null ? '' : date.format(new Date(suspendsOn)) })}</Warning>;
  if (status === 'suspended') return <Warning role="alert">{t('billing.suspended')}</Warning>;
  if (status === 'active' && paidUntil != null)
    return (
      <p data-testid="billing-paid-until" style={{ margin: '0.5rem 0 0' }}>
        {t('billing.paidUntil', { date: date.format(new Date(paidUntil)) })}
      </p>
    );
  return null;
}

/** What the site uses now against its plan, and the monthly meters month by month. */
function Usage({ usage, limits }: { usage: Usage; limits: Limits }) {
  const { t } = useTranslation('billing');
  const history = useQuery({
    queryKey: ['billing', 'usage-history'],
    queryFn: () => api<UsageHistoryWire>('/api/account/billing/usage-history', { query: { months: 12 } }),
  });
  return (
    <Card aria-labelledby="billing-usage">
      <h2 id="billing-usage" style={{ marginTop: 0 }}>
        {t('billing.usage')}
      </h2>
      <UsageTable usage={usage} limits={limits} labelledBy="billing-usage" />
      <h3 id="billing-history">{t('billing.history.title')}</h3>
      <QueryView query={history}>{(data) => <UsageHistory months={data.months} limits={limits} idPrefix="billing-history" />}</QueryView>
    </Card>
  );
}

function Features({ features }: { features: string[] }) {
  const { t } = useTranslation('billing');
  const formats = useFormats();
  return (
    <Card aria-labelledby="billing-features">
      <h2 id="billing-features" style={{ marginTop: 0 }}>
        {t('billing.features')}
      </h2>
      {features.length === 0 ? (
        <Muted>{t('billing.noFeatures')}</Muted>
      ) : (
        <FeatureList>
          {features.map((feature) => (
            <Chip key={feature} data-feature={feature}>
              <Icon name="check" size={16} />
              {formats.feature(feature)}
            </Chip>
          ))}
        </FeatureList>
      )}
    </Card>
  );
}

function ComparePlans({ plans, current }: { plans: BillingResponse['plans']; current: string }) {
  const { t } = useTranslation('billing');
  const formats = useFormats();
  const limitOf = (limits: Limits | undefined, key: NumericLimit | 'storage') =>
    limits === undefined ? undefined : key === 'storage' ? limits.storage?.storage : limits[key];
  return (
    <Card aria-labelledby="billing-compare">
      <h2 id="billing-compare" style={{ marginTop: 0 }}>
        {t('billing.compare')}
      </h2>
      <Muted style={{ marginBottom: '0.5rem', fontSize: '0.85rem' }}>{t('billing.compareHint')}</Muted>
      <Scroll tabIndex={0} role="region" aria-labelledby="billing-compare">
        <Table>
          <thead>
            <tr>
              <th scope="col">{t('billing.plan')}</th>
              <th scope="col">{t('billing.price')}</th>
              {COMPARED.map((column) => (
                <th scope="col" key={column.key}>
                  {t(`billing.limits.${column.key}`)}
                </th>
              ))}
              <th scope="col">{t('billing.features')}</th>
            </tr>
          </thead>
          <tbody>
            {plans.map((plan) => {
              const RowTag = plan.id === current ? CurrentRow : 'tr';
              return (
                <RowTag key={plan.id} data-plan={plan.id} aria-current={plan.id === current ? true : undefined}>
                  <th scope="row">
                    <div>{formats.planLabel(plan)}</div>
                    {plan.id === current ? <Badge $tone="success">{t('billing.current')}</Badge> : null}
                  </th>
                  <td>
                    <PriceList prices={plan.prices} />
                  </td>
                  {COMPARED.map((column) => (
                    <td key={column.key}>
                      {limitOf(plan.limits, column.key) === undefined ? '—' : formats.limit(limitOf(plan.limits, column.key), column.mb)}
                    </td>
                  ))}
                  <td style={{ minWidth: '12rem' }}>{(plan.features ?? []).map(formats.feature).join(', ') || '—'}</td>
                </RowTag>
              );
            })}
          </tbody>
        </Table>
      </Scroll>
    </Card>
  );
}
