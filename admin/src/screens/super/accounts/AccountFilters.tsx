import { useTranslation } from 'react-i18next';
import { Field } from '../../../ui/Field';
import { FilterSelect } from '../../../ui/FilterSelect';
import { Button, Card, Input, Row } from '../../../ui/primitives';
import { PLAN_IDS, planLabel, type PlanId } from '../shared';
import { STATUSES, type AccountStatus } from './constants';

/** The search box and the plan and status filters above the list; "Clear filters" shows while any is set. */
export function AccountFilters({
  searchText,
  onSearchText,
  plan,
  onPlan,
  status,
  onStatus,
  filtered,
  onClear,
}: {
  searchText: string;
  onSearchText: (text: string) => void;
  plan: PlanId | '';
  onPlan: (plan: PlanId | '') => void;
  status: AccountStatus | '';
  onStatus: (status: AccountStatus | '') => void;
  filtered: boolean;
  onClear: () => void;
}) {
  const { t } = useTranslation('platform');
  return (
    <Card aria-label={t('platform.accounts.filters')}>
      <Row $wrap style={{ alignItems: 'flex-end' }}>
        <div style={{ flex: '2 1 14rem' }}>
          <Field label={t('platform.accounts.search')} hint={t('platform.accounts.searchHint')}>
            <Input type="search" value={searchText} onChange={(e) => onSearchText(e.target.value)} maxLength={200} autoComplete="off" />
          </Field>
        </div>
        <FilterSelect
          flex="1 1 10rem"
          label={t('platform.accounts.column.plan')}
          value={plan}
          options={PLAN_IDS}
          optionLabel={(id) => planLabel(t, id)}
          onChange={onPlan}
        />
        <FilterSelect
          flex="1 1 10rem"
          label={t('common.status')}
          value={status}
          options={STATUSES}
          optionLabel={(value) => t(`platform.status.${value}`)}
          onChange={onStatus}
        />
        {filtered ? (
          <Button $variant="ghost" onClick={onClear}>
            {t('platform.clearFilters')}
          </Button>
        ) : null}
      </Row>
    </Card>
  );
}
