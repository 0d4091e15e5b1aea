import type { PlatformAccountListWire } from '@lectern/sdk/wire';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { api } from '../../api/client';
import { Icon } from '../../ui/Icon';
import { PageHeader } from '../../ui/PageHeader';
import { DataTable } from '../../ui/DataTable';
import { Card, Grid, Muted, Row } from '../../ui/primitives';
import { QueryView } from '../../ui/QueryView';
import { EmptyState } from '../../ui/states';
import { TableScroll } from '../../ui/TableScroll';
import { ACCOUNTS_ROOT, AccountStatusBadge, DateCell, planLabel, SiteLink } from './shared';

const RECENT = 5;

type Tone = 'primary' | 'danger' | 'warning' | 'info';

const SummaryLink = styled(Link)<{ $tone: Tone }>`
  display: block;
  height: 100%;
  color: inherit;
  text-decoration: none;
  border-radius: 10px;
  > section {
    height: 100%;
    border-inline-start: 4px solid ${({ theme, $tone }) => theme[$tone]};
  }
  &:hover > section,
  &:focus-visible > section {
    border-color: ${({ theme, $tone }) => theme[$tone]};
  }
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.focus};
    outline-offset: 2px;
  }
  .value {
    font-size: 2rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    margin: 0.35rem 0 0.15rem;
  }
`;

/** One list endpoint's `total` under some filters, fetched as a single-row page. */
function useTotal(key: string, path: string, query: Record<string, string>) {
  return useQuery({
    queryKey: key === 'accounts' ? [ACCOUNTS_ROOT, 'total', query] : ['platform-home', key, query],
    queryFn: () => api<{ total: number }>(path, { query: { ...query, limit: 1 } }),
  });
}

/** A summary card: a count of `total` labelled and hinted, linking to the list it counts. */
interface SummaryCard {
  label: string;
  hint: string;
  to: string;
  tone: Tone;
  icon: string;
  total: ReturnType<typeof useTotal>;
}

function Summary({ label, hint, to, tone, icon, total }: SummaryCard) {
  const { t, i18n } = useTranslation('platform');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <SummaryLink
      to={to}
      $tone={tone}
      aria-label={total.data === undefined ? label : t('platform.home.cardLabel', { label, value: number.format(total.data.total) })}
    >
      <Card>
        <Row $gap="0.5rem">
          <Icon name={icon} size={18} />
          <strong>{label}</strong>
        </Row>
        <p className="value" aria-hidden="true">
          {total.isPending ? '…' : total.isError ? '—' : number.format(total.data.total)}
        </p>
        {total.isError ? <Muted role="alert">{t('platform.home.countFailed')}</Muted> : <Muted>{hint}</Muted>}
      </Card>
    </SummaryLink>
  );
}

/** SPEC §2 super-admin /dashboard: how the platform stands at a glance, and the newest accounts. */
export default function PlatformHome() {
  const { t, i18n } = useTranslation('platform');
  const accounts = useTotal('accounts', '/api/platform/accounts', {});
  const suspended = useTotal('accounts', '/api/platform/accounts', { status: 'suspended' });
  const tickets = useTotal('tickets', '/api/platform/tickets', { status: 'unresolved' });
  const failed = useTotal('jobs', '/api/platform/jobs', { state: 'failed' });
  const recent = useQuery({
    queryKey: [ACCOUNTS_ROOT, 'recent'],
    queryFn: () => api<PlatformAccountListWire>('/api/platform/accounts', { query: { limit: RECENT, offset: 0 } }),
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  // The summary cards in reading order: what each counts (its label is platform.home.<key>, its hint <key>Hint) and where a click leads.
  const cards: { key: string; to: string; tone: Tone; icon: string; total: ReturnType<typeof useTotal> }[] = [
    { key: 'accounts', to: '/dashboard/accounts', tone: 'primary', icon: 'building', total: accounts },
    { key: 'suspended', to: '/dashboard/accounts?status=suspended', tone: 'danger', icon: 'building', total: suspended },
    { key: 'openTickets', to: '/dashboard/tickets', tone: 'warning', icon: 'lifebuoy', total: tickets },
    { key: 'failedJobs', to: '/dashboard/maintenance/crons', tone: 'info', icon: 'clock', total: failed },
  ];
  return (
    <>
      <PageHeader title={t('platform.home.title')} />
      <Grid $min="12rem" style={{ marginBottom: '1.25rem' }} data-testid="platform-summary">
        {cards.map((card) => (
          <Summary
            key={card.key}
            label={t(`platform.home.${card.key}`)}
            hint={t(`platform.home.${card.key}Hint`)}
            to={card.to}
            tone={card.tone}
            icon={card.icon}
            total={card.total}
          />
        ))}
      </Grid>
      <Card aria-labelledby="recent-accounts">
        <Row style={{ justifyContent: 'space-between', marginBottom: '0.5rem' }} $wrap>
          <h2 id="recent-accounts" style={{ margin: 0 }}>
            {t('platform.home.recent')}
          </h2>
          <Link to="/dashboard/accounts">{t('platform.home.allAccounts')}</Link>
        </Row>
        <QueryView query={recent} isEmpty={(data) => data.accounts.length === 0} empty={<EmptyState title={t('platform.accounts.none')} />}>
          {(data) => (
            <TableScroll>
              <DataTable
                columns={[
                  t('common.name'),
                  t('platform.accounts.column.slug'),
                  t('platform.accounts.column.plan'),
                  t('common.status'),
                  t('platform.accounts.column.created'),
                ]}
              >
                {data.accounts.map((account) => (
                  <tr key={account.id} data-account={account.slug}>
                    <td>
                      <strong>{account.name}</strong>
                      <div>
                        <SiteLink account={account} />
                      </div>
                    </td>
                    <td className="nowrap">
                      <code>{account.slug}</code>
                    </td>
                    <td className="nowrap">{planLabel(t, account.plan)}</td>
                    <td>
                      <AccountStatusBadge account={account} />
                    </td>
                    <DateCell at={account.created_at} format={date} />
                  </tr>
                ))}
              </DataTable>
            </TableScroll>
          )}
        </QueryView>
      </Card>
    </>
  );
}
