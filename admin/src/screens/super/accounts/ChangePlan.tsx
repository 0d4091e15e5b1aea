import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../ui/Field';
import { Input, Muted, Select, Stack } from '../../../ui/primitives';
import { isPlan, planLabel, type PlatformAccount } from '../shared';
import type { UpdateAccountBodyWire } from '@lectern/sdk/wire';
import { useUpdateAccount } from './hooks';
import { ModalFooter } from './ModalFooter';
import { PlanOptions } from './PlanOptions';

/** The day a trial ends, as a date field holds it (UTC); empty when there is no trial. */
const dayOf = (iso: string | null | undefined) => (iso == null ? '' : iso.slice(0, 10));
/** A date field's day as the end of that day (UTC): the trial lasts the whole day chosen. */
const endOfDay = (day: string) => `${day}T23:59:59.000Z`;

/**
 * The plan editor in its modal: pick another plan and see what changes, extend or end the trial
 * (an empty date: a paid or free plan), save.
 */
export function ChangePlan({ account, onClose }: { account: PlatformAccount; onClose: () => void }) {
  const { t, i18n } = useTranslation('platform');
  const [plan, setPlan] = useState<string>(account.plan);
  const [trialDay, setTrialDay] = useState(dayOf(account.trial_ends_at));
  const planChanged = plan !== account.plan && isPlan(plan);
  const trialChanged = trialDay !== dayOf(account.trial_ends_at);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  const change = useUpdateAccount<{ plan: string; trialDay: string }>(
    account,
    (next) => {
      const body: UpdateAccountBodyWire = {};
      if (next.plan !== account.plan) body.plan = next.plan as NonNullable<UpdateAccountBodyWire['plan']>;
      if (next.trialDay !== dayOf(account.trial_ends_at)) body.trial_ends_at = next.trialDay === '' ? null : endOfDay(next.trialDay);
      return body;
    },
    (updated) =>
      planChanged
        ? t('platform.plan.changed', { name: updated.name, plan: planLabel(t, updated.plan) })
        : updated.trial_ends_at == null
          ? t('platform.plan.trialEnded', { name: updated.name })
          : t('platform.plan.trialChanged', { name: updated.name, date: date.format(new Date(updated.trial_ends_at)) }),
    onClose,
  );
  const changed = planChanged || trialChanged;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) change.mutate({ plan, trialDay });
      }}
    >
      <Stack>
        <Muted>{t('platform.plan.current', { plan: planLabel(t, account.plan) })}</Muted>
        <Field label={t('platform.plan.newPlan')}>
          <Select value={plan} onChange={(e) => setPlan(e.target.value)} autoFocus>
            <PlanOptions />
          </Select>
        </Field>
        {planChanged ? (
          <p style={{ margin: 0 }}>{t('platform.plan.confirm', { name: account.name, from: planLabel(t, account.plan), to: planLabel(t, plan) })}</p>
        ) : null}
        <Field label={t('platform.plan.trialEnds')} hint={t('platform.plan.trialHint')}>
          <Input type="date" value={trialDay} onChange={(e) => setTrialDay(e.target.value)} data-testid="trial-ends" />
        </Field>
        <ModalFooter mutation={change} disabled={!changed} submitLabel={t('platform.plan.submit')} onClose={onClose} />
      </Stack>
    </form>
  );
}
