import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Icon } from '../../ui/Icon';
import { Modal } from '../../ui/Modal';
import { PageHeader } from '../../ui/PageHeader';
import { Button, Stack } from '../../ui/primitives';
import { QueryView } from '../../ui/QueryView';
import { EmptyState } from '../../ui/states';
import { useSearchInput } from '../../ui/useSearchInput';
import { AccountFilters } from './accounts/AccountFilters';
import { AccountsTable } from './accounts/AccountsTable';
import { ChangePlan } from './accounts/ChangePlan';
import { isStatus, type AccountStatus } from './accounts/constants';
import { CreateAccount } from './accounts/CreateAccount';
import { EditFeatures } from './accounts/EditFeatures';
import { useAccountList, useSuspendAccount } from './accounts/hooks';
import { SuspendConfirm } from './accounts/SuspendConfirm';
import type { PlanId, PlatformAccount } from './shared';

/**
 * SPEC §2 super-admin /dashboard/accounts: every account with search and filters, creating one for
 * an owner, and per account its plan, add-on switches and suspension. The parts live in ./accounts/.
 */
export default function Accounts() {
  const { t } = useTranslation('platform');
  const [params] = useSearchParams();
  const initialStatus = params.get('status');
  const [plan, setPlan] = useState<PlanId | ''>('');
  const [status, setStatus] = useState<AccountStatus | ''>(isStatus(initialStatus) ? initialStatus : '');
  const [offset, setOffset] = useState(0);
  const { typed: searchText, setTyped: setSearchText, search, setSearch } = useSearchInput(() => setOffset(0));
  const [creating, setCreating] = useState(false);
  const [planFor, setPlanFor] = useState<PlatformAccount | null>(null);
  const [featuresFor, setFeaturesFor] = useState<PlatformAccount | null>(null);
  const [suspending, setSuspending] = useState<PlatformAccount | null>(null);

  const list = useAccountList({ search, plan, status, offset });
  const suspend = useSuspendAccount(() => setSuspending(null));

  const filtered = search !== '' || plan !== '' || status !== '';
  const clear = () => {
    setSearchText('');
    setSearch('');
    setPlan('');
    setStatus('');
    setOffset(0);
  };

  return (
    <>
      <PageHeader
        title={t('platform.accounts.title')}
        actions={
          <Button onClick={() => setCreating((open) => !open)} aria-expanded={creating} aria-controls="create-account">
            <Icon name="plus" size={16} />
            {t('platform.accounts.create')}
          </Button>
        }
      />
      <Stack>
        {creating ? (
          <CreateAccount
            onDone={(account) => {
              setCreating(false);
              if (account !== null) clear();
            }}
          />
        ) : null}
        <AccountFilters
          searchText={searchText}
          onSearchText={setSearchText}
          plan={plan}
          onPlan={(value) => (setPlan(value), setOffset(0))}
          status={status}
          onStatus={(value) => (setStatus(value), setOffset(0))}
          filtered={filtered}
          onClear={clear}
        />
        <QueryView
          query={list}
          isEmpty={(data) => data.accounts.length === 0}
          empty={<EmptyState title={filtered || offset > 0 ? t('platform.accounts.noneMatching') : t('platform.accounts.none')} />}
        >
          {(data) => (
            <AccountsTable
              accounts={data.accounts}
              total={data.total}
              offset={offset}
              onPage={setOffset}
              actions={{ onChangePlan: setPlanFor, onEditFeatures: setFeaturesFor, onSuspendToggle: setSuspending, suspendBusy: suspend.isPending }}
            />
          )}
        </QueryView>
      </Stack>
      <Modal open={planFor !== null} title={t('platform.plan.title', { name: planFor?.name ?? '' })} onClose={() => setPlanFor(null)}>
        {planFor === null ? null : <ChangePlan account={planFor} onClose={() => setPlanFor(null)} />}
      </Modal>
      <Modal open={featuresFor !== null} title={t('platform.features.title', { name: featuresFor?.name ?? '' })} onClose={() => setFeaturesFor(null)}>
        {featuresFor === null ? null : <EditFeatures account={featuresFor} onClose={() => setFeaturesFor(null)} />}
      </Modal>
      <SuspendConfirm account={suspending} busy={suspend.isPending} onConfirm={(change) => suspend.mutate(change)} onClose={() => setSuspending(null)} />
    </>
  );
}
