import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingWire } from '@lectern/sdk/wire';
import { api } from '../../api/client';
import { Field } from '../../ui/Field';
import { Button, Muted, Row, Select, Stack } from '../../ui/primitives';
import { errorText } from '../../ui/states';

type Plan = BillingWire['plans'][number];
type Interval = 'month' | 'year' | 'once';

/**
 * The periods a plan is sold in through a way to pay, from its prices there (Starter is also sold
 * once, through Razorpay alone); a bank transfer pays the prices shown.
 */
export function intervalsOf(plan: Plan | undefined, provider: string): Interval[] {
  if (plan === undefined) return [];
  const prices = (provider === 'stripe' || provider === 'razorpay' || provider === 'paypal' ? plan.pricing?.[provider] : undefined) ?? plan.prices;
  const intervals: Interval[] = [];
  if (prices.monthly?.amount !== undefined) intervals.push('month');
  if (prices.annual?.amount !== undefined) intervals.push('year');
  if (prices.onetime?.amount !== undefined) intervals.push('once');
  return intervals;
}

interface CheckoutAnswer {
  order_number: string;
  redirect: string | null;
}

/**
 * Buying or changing the plan online: the plan, its period and how to pay. A card payment goes on
 * to the provider's page; a bank transfer places an order the platform confirms when the money
 * arrives. During the trial a card is charged only when the trial ends.
 */
export function PlanCheckout({ data }: { data: BillingWire }) {
  const { t } = useTranslation('billing');
  const [provider, setProvider] = useState(data.checkout.providers[0] ?? '');
  const sellable = data.plans.filter((plan) => data.checkout.providers.some((way) => intervalsOf(plan, way).length > 0));
  const [planId, setPlanId] = useState(sellable.find((plan) => plan.id !== data.plan.id)?.id ?? sellable[0]?.id ?? '');
  const plan = sellable.find((p) => p.id === planId);
  const [interval, setPeriod] = useState<Interval>(intervalsOf(plan, provider)[0] ?? 'month');
  const [placed, setPlaced] = useState<string | null>(null);
  const checkout = useMutation({
    mutationFn: () => api<CheckoutAnswer>('/api/account/billing/checkout', { method: 'POST', body: { plan: planId, interval, provider } }),
    onSuccess: (answer) => {
      if (answer.redirect !== null) window.location.assign(answer.redirect);
      else setPlaced(answer.order_number);
    },
  });
  // A period the new plan or way to pay does not offer gives way to the first one it does.
  const keepPeriod = (periods: Interval[]) => {
    if (!periods.includes(interval)) setPeriod(periods[0] ?? 'month');
  };
  const choosePlan = (id: string) => {
    setPlanId(id);
    keepPeriod(
      intervalsOf(
        sellable.find((p) => p.id === id),
        provider,
      ),
    );
  };
  const chooseProvider = (way: string) => {
    setProvider(way);
    keepPeriod(intervalsOf(plan, way));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPlaced(null);
    checkout.mutate();
  };
  const trialing = data.trial !== null && data.standing.status === 'trialing';
  return (
    <form onSubmit={submit} aria-labelledby="billing-checkout" data-testid="plan-checkout">
      <h3 id="billing-checkout" style={{ margin: '1rem 0 0.5rem' }}>
        {t('billing.checkout.title')}
      </h3>
      <Stack $gap="0.75rem">
        <Row $wrap $gap="0.75rem" style={{ alignItems: 'flex-end' }}>
          <Field label={t('billing.checkout.plan')}>
            <Select value={planId} onChange={(event) => choosePlan(event.target.value)} name="plan">
              {sellable.map((p) => (
                <option key={p.id} value={p.id}>
                  {t(`billing.planNames.${p.id}`, { defaultValue: p.label })}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('billing.checkout.interval')}>
            <Select value={interval} onChange={(event) => setPeriod(event.target.value as Interval)} name="interval">
              {intervalsOf(plan, provider).map((period) => (
                <option key={period} value={period}>
                  {t(`billing.checkout.intervals.${period}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('billing.checkout.provider')}>
            <Select value={provider} onChange={(event) => chooseProvider(event.target.value)} name="provider">
              {data.checkout.providers.map((id) => (
                <option key={id} value={id}>
                  {t(`billing.checkout.providers.${id}`, { defaultValue: id })}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" disabled={checkout.isPending || planId === '' || !intervalsOf(plan, provider).includes(interval)}>
            {checkout.isPending ? t('billing.checkout.redirecting') : t('billing.checkout.submit')}
          </Button>
        </Row>
        {trialing && provider !== 'offline' && interval !== 'once' ? <Muted>{t('billing.checkout.trialKept')}</Muted> : null}
        {checkout.isError ? (
          <p role="alert" style={{ margin: 0 }}>
            {errorText(t, checkout.error)}
          </p>
        ) : null}
        {placed === null ? null : (
          <p role="status" data-testid="plan-order-placed" style={{ margin: 0, fontWeight: 600 }}>
            {t('billing.checkout.placed', { number: placed })}
          </p>
        )}
      </Stack>
    </form>
  );
}
