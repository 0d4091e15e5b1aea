import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { can, type Bootstrap } from '../api/bootstrap';

const DAY_MS = 86_400_000;

const Bar = styled.div<{ $warning: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem 1rem;
  padding: 0.6rem 1.25rem;
  background: ${(p) => p.theme.surfaceAlt};
  border-bottom: 1px solid ${(p) => p.theme.border};
  border-inline-start: 4px solid ${(p) => (p.$warning ? p.theme.warning : 'transparent')};
  font-size: 0.92rem;
  a {
    color: ${(p) => p.theme.primary};
    font-weight: 600;
    white-space: nowrap;
  }
`;

/** Whole days left of a trial ending at `endsAt` (a started day counts); 0 once it has ended. */
export function trialDaysLeft(endsAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now) / DAY_MS));
}

/** The trial in words: days left and the date, or that it has ended (billing namespace). */
export function useTrialText(): (planName: string, endsAt: string) => string {
  const { t, i18n } = useTranslation('billing');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  return (planName, endsAt) => {
    const days = trialDaysLeft(endsAt);
    return days === 0
      ? t('billing.trialEnded', { plan: planName })
      : t('billing.trialLeft', { count: days, plan: planName, date: date.format(new Date(endsAt)) });
  };
}

/** The warning a site's standing with the platform's bill calls for, or null (billing namespace). */
function useStandingText(): (boot: Bootstrap) => string | null {
  const { t, i18n } = useTranslation('billing');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  return (boot) => {
    const { billing_status: status, suspends_on: suspendsOn } = boot.account;
    if (status === 'past_due') return t('billing.pastDue');
    if (status === 'read_only') return t('billing.readOnly', { date: suspendsOn == null ? '' : date.format(new Date(suspendsOn)) });
    if (status === 'suspended') return t('billing.suspended');
    return null;
  };
}

/**
 * Above every screen for those who manage billing: a lapsed or failing bill (read-only, suspended,
 * a failed payment) first, else the sign-up trial's days left; each with the way to a plan.
 */
export function TrialBanner({ boot }: { boot: Bootstrap }) {
  const { t } = useTranslation('billing');
  const trialText = useTrialText();
  const standingText = useStandingText();
  if (!can(boot, 'manage_options')) return null;
  const warning = standingText(boot);
  const endsAt = boot.account.trial_ends_at;
  const text =
    warning ?? (endsAt === null || endsAt === undefined || boot.account.billing_status !== 'trialing' ? null : trialText(boot.account.plan_label, endsAt));
  if (text === null) return null;
  return (
    <Bar role={warning === null ? 'status' : 'alert'} data-testid="trial-banner" data-standing={boot.account.billing_status} $warning={warning !== null}>
      <span>{text}</span>
      <Link to="/dashboard/billing">{t('billing.choosePlan')}</Link>
    </Bar>
  );
}
