import { useTranslation } from 'react-i18next';
import { Button, Row } from '../../../ui/primitives';
import type { PlatformAccount } from '../shared';

/** What a row's buttons open: the plan editor, the feature switches, or the suspend/reactivate confirmation. */
export interface AccountActions {
  onChangePlan: (account: PlatformAccount) => void;
  onEditFeatures: (account: PlatformAccount) => void;
  onSuspendToggle: (account: PlatformAccount) => void;
  /** A suspension is being saved: the suspend buttons wait. */
  suspendBusy: boolean;
}

/** A row's buttons; the platform's own account cannot be suspended. */
export function RowActions({ account, actions }: { account: PlatformAccount; actions: AccountActions }) {
  const { t } = useTranslation('platform');
  return (
    <Row $gap="0.4rem" $wrap>
      <Button $variant="secondary" onClick={() => actions.onChangePlan(account)} aria-label={t('platform.accounts.changePlanOf', { name: account.name })}>
        {t('platform.accounts.changePlan')}
      </Button>
      <Button $variant="secondary" onClick={() => actions.onEditFeatures(account)} aria-label={t('platform.accounts.editFeaturesOf', { name: account.name })}>
        {t('platform.accounts.editFeatures')}
      </Button>
      {account.suspended_at === null ? (
        <Button
          $variant="ghost"
          disabled={account.is_platform || actions.suspendBusy}
          title={account.is_platform ? t('platform.accounts.platformNotSuspendable') : undefined}
          onClick={() => actions.onSuspendToggle(account)}
          aria-label={t('platform.accounts.suspendOf', { name: account.name })}
          data-testid={`suspend-${account.slug}`}
        >
          {t('platform.accounts.suspend')}
        </Button>
      ) : (
        <Button
          $variant="ghost"
          disabled={actions.suspendBusy}
          onClick={() => actions.onSuspendToggle(account)}
          aria-label={t('platform.accounts.unsuspendOf', { name: account.name })}
        >
          {t('platform.accounts.unsuspend')}
        </Button>
      )}
    </Row>
  );
}
