import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { can, type Bootstrap } from '../api/bootstrap';

const DAY_MS = 86_400_000;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem 1rem;
  padding: 0.6rem 1.25rem;
  background: ${(p) => p.theme.surfaceAlt};
  border-bottom: 1px solid ${(p) => p.theme.border};
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

/** Above every screen while the account is on its sign-up trial: days left and the way to a plan (for those who manage billing). */
export function TrialBanner({ boot }: { boot: Bootstrap }) {
  const { t } = useTranslation('billing');
  const trialText = useTrialText();
  const endsAt = boot.account.trial_ends_at;
  if (endsAt === null || endsAt === undefined || !can(boot, 'manage_options')) return null;
  return (
    <Bar role="status" data-testid="trial-banner">
      <span>{trialText(boot.account.plan_label, endsAt)}</span>
      <Link to="/dashboard/billing">{t('billing.choosePlan')}</Link>
    </Bar>
  );
}
