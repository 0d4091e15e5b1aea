import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/DataTable';
import { Pagination } from '../../../ui/Pagination';
import { Badge, Card, Muted } from '../../../ui/primitives';
import { TableScroll } from '../../../ui/TableScroll';
import { AccountStatusBadge, DateCell, planLabel, SiteLink, type PlatformAccount } from '../shared';
import { LIMIT } from './constants';
import { FeatureBadges } from './FeatureBadges';
import { RowActions, type AccountActions } from './RowActions';

/** One page of accounts: the count, a row per account with its actions, and the pager. */
export function AccountsTable({
  accounts,
  total,
  offset,
  onPage,
  actions,
}: {
  accounts: PlatformAccount[];
  total: number;
  offset: number;
  onPage: (offset: number) => void;
  actions: AccountActions;
}) {
  const { t, i18n } = useTranslation('platform');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Card>
      <Muted style={{ marginBottom: '0.5rem' }}>{t('platform.accounts.count', { count: total })}</Muted>
      <TableScroll>
        <DataTable
          columns={[
            t('common.name'),
            t('platform.accounts.column.slug'),
            t('platform.accounts.column.plan'),
            t('platform.accounts.column.members'),
            t('platform.accounts.column.features'),
            t('common.status'),
            t('platform.accounts.column.created'),
            t('common.actions'),
          ]}
        >
          {accounts.map((account) => (
            <tr key={account.id} data-account={account.slug}>
              <td>
                <strong>{account.name}</strong>
                {account.is_platform ? (
                  <Badge $tone="info" style={{ marginInlineStart: '0.4rem' }}>
                    {t('platform.accounts.platformBadge')}
                  </Badge>
                ) : null}
                <div>
                  <SiteLink account={account} />
                </div>
              </td>
              <td className="nowrap">
                <code>{account.slug}</code>
                {account.custom_domain === null ? null : (
                  <Muted as="small" style={{ display: 'block' }}>
                    {account.custom_domain}
                  </Muted>
                )}
              </td>
              <td className="nowrap">
                {planLabel(t, account.plan)}
                {account.trial_ends_at == null ? null : (
                  <Muted as="small" style={{ display: 'block' }}>
                    {t('platform.accounts.trialUntil', { date: date.format(new Date(account.trial_ends_at)) })}
                  </Muted>
                )}
              </td>
              <td className="num">{number.format(account.member_count)}</td>
              <td>
                <FeatureBadges features={account.features} />
              </td>
              <td>
                <AccountStatusBadge account={account} />
              </td>
              <DateCell at={account.created_at} format={date} />
              <td>
                <RowActions account={account} actions={actions} />
              </td>
            </tr>
          ))}
        </DataTable>
      </TableScroll>
      <Pagination offset={offset} limit={LIMIT} total={total} onChange={onPage} />
    </Card>
  );
}
