import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../ui/Field';
import { Muted, Select, Stack } from '../../../ui/primitives';
import { isPlan, planLabel, type PlanId, type PlatformAccount } from '../shared';
import { useUpdateAccount } from './hooks';
import { ModalFooter } from './ModalFooter';
import { PlanOptions } from './PlanOptions';

/** The plan editor in its modal: pick another plan, see what changes, save. */
export function ChangePlan({ account, onClose }: { account: PlatformAccount; onClose: () => void }) {
  const { t } = useTranslation('platform');
  const [plan, setPlan] = useState<string>(account.plan);
  const change = useUpdateAccount<PlanId>(
    account,
    (next) => ({ plan: next }),
    (updated) => t('platform.plan.changed', { name: updated.name, plan: planLabel(t, updated.plan) }),
    onClose,
  );
  const changed = plan !== account.plan && isPlan(plan);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) change.mutate(plan);
      }}
    >
      <Stack>
        <Muted>{t('platform.plan.current', { plan: planLabel(t, account.plan) })}</Muted>
        <Field label={t('platform.plan.newPlan')}>
          <Select value={plan} onChange={(e) => setPlan(e.target.value)} autoFocus>
            <PlanOptions />
          </Select>
        </Field>
        {changed ? (
          <p style={{ margin: 0 }}>{t('platform.plan.confirm', { name: account.name, from: planLabel(t, account.plan), to: planLabel(t, plan) })}</p>
        ) : null}
        <ModalFooter mutation={change} disabled={!changed} submitLabel={t('platform.plan.submit')} onClose={onClose} />
      </Stack>
    </form>
  );
}
