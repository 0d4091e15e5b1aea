import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import type { PlatformAccount } from '../shared';

/** Asks before suspending (or reactivating) `account`; closed while it is null. */
export function SuspendConfirm({
  account,
  busy,
  onConfirm,
  onClose,
}: {
  account: PlatformAccount | null;
  busy: boolean;
  onConfirm: (change: { id: string; suspended: boolean }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('platform');
  return (
    <ConfirmDialog
      open={account !== null}
      title={t(account?.suspended_at === null ? 'platform.accounts.confirmSuspend' : 'platform.accounts.confirmUnsuspend', {
        name: account?.name ?? '',
      })}
      body={account?.suspended_at === null ? t('platform.accounts.confirmSuspendBody') : t('platform.accounts.confirmUnsuspendBody')}
      confirmLabel={account?.suspended_at === null ? t('platform.accounts.suspend') : t('platform.accounts.unsuspend')}
      danger={account?.suspended_at === null}
      busy={busy}
      onConfirm={() => account !== null && onConfirm({ id: account.id, suspended: account.suspended_at === null })}
      onClose={onClose}
    />
  );
}
