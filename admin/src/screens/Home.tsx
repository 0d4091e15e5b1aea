import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styled, { useTheme } from 'styled-components';
import { can, useBootstrap, type MenuItem } from '../api/bootstrap';
import { api } from '../api/client';
import { Icon } from '../ui/Icon';
import { PageHeader } from '../ui/PageHeader';
import { ProgressBar, usageRatio, usageTone } from '../ui/ProgressBar';
import { Button, Card, Grid, Muted, Row, Stack, Table } from '../ui/primitives';
import { QueryView } from '../ui/QueryView';
import { EmptyState, Loading } from '../ui/states';
import type { SetupWire, SummaryCardWire, SummaryWire } from '@lectern/sdk/wire';

/** A summary card; `key` is an i18n key (see core/src/dashboard-data/schemas.ts). */
type SummaryCard = SummaryCardWire;
type Summary = SummaryWire;
type DailyPoint = NonNullable<Summary['series']['members_daily']>[number];
type SetupChecklist = SetupWire;

/** A plan limit this large stands for "no fixed limit" (the catalogue's OPEN). */
const OPEN_LIMIT = 1_000_000;

const Figure = styled.p`
  font-size: 1.9rem;
  font-weight: 700;
  margin: 0.35rem 0;
  line-height: 1.2;
`;

const ChartBox = styled.div`
  width: 100%;
  height: 260px;
`;

/** The dashboard home: a welcome, the member's (or the account's) figures, a members chart, quick links and setup progress. */
export default function Home() {
  const { t } = useTranslation('home');
  const boot = useBootstrap();
  const manager = boot.data !== undefined && can(boot.data, 'manage_options');
  const summary = useQuery({ queryKey: ['account', 'summary'], queryFn: () => api<Summary>('/api/account/summary') });
  const setup = useQuery({ queryKey: ['setup'], queryFn: () => api<SetupChecklist>('/api/account/setup'), enabled: manager });
  if (boot.data === undefined) return <Loading />;
  const quick = boot.data.menu.quick;
  const daily = summary.data?.series.members_daily ?? [];
  return (
    <>
      <PageHeader title={t('home.title', { name: boot.data.member.name })} />
      <Stack>
        {manager && setup.data !== undefined && !setup.data.dismissed && setup.data.done_count < setup.data.total ? <SetupCard checklist={setup.data} /> : null}
        <section aria-labelledby="home-summary">
          <h2 id="home-summary" className="visually-hidden">
            {t('home.summary')}
          </h2>
          <QueryView query={summary} isEmpty={(data) => data.cards.length === 0} empty={<EmptyState title={t('home.noCards')} />}>
            {(data) => (
              <Grid $min="13rem">
                {data.cards.map((card) => (
                  <SummaryTile key={card.key} card={card} />
                ))}
              </Grid>
            )}
          </QueryView>
        </section>
        {manager && daily.length > 0 ? <MembersChart points={daily} /> : null}
        {quick.length > 0 ? <QuickLinks items={quick} /> : null}
      </Stack>
    </>
  );
}

function useFormats() {
  const { i18n } = useTranslation('home');
  const number = new Intl.NumberFormat(i18n.language);
  const megabytes = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 2 });
  const signed = new Intl.NumberFormat(i18n.language, { signDisplay: 'exceptZero' });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  return { number, megabytes, signed, percent };
}

function SummaryTile({ card }: { card: SummaryCard }) {
  const { t } = useTranslation('home');
  const formats = useFormats();
  const format = (n: number) => (card.key === 'storage_mb' ? formats.megabytes.format(n) : formats.number.format(n));
  const name = t(`home.cards.${card.key}`, { defaultValue: card.key });
  const limited = card.limit !== undefined && card.limit < OPEN_LIMIT;
  const ratio = card.limit === undefined ? 0 : usageRatio(card.value, card.limit);
  return (
    <Card data-card={card.key}>
      <Muted>{name}</Muted>
      <Figure>{format(card.value)}</Figure>
      {card.limit === undefined ? null : limited ? (
        <>
          <ProgressBar
            ratio={ratio}
            tone={usageTone(ratio, 'primary')}
            label={t('home.usage', { name, percent: formats.percent.format(ratio) })}
            max={card.limit}
            now={Math.min(card.value, card.limit)}
            valueText={t('home.ofLimit', { value: format(card.value), limit: format(card.limit) })}
            style={{ marginBlock: '0.4rem' }}
          />
          <Muted>{t('home.ofLimit', { value: format(card.value), limit: format(card.limit) })}</Muted>
        </>
      ) : (
        <Muted>{t('home.ofLimit', { value: format(card.value), limit: t('home.unlimited') })}</Muted>
      )}
      {card.delta_30d === undefined ? null : <Muted>{t('home.delta', { count: card.delta_30d, delta: formats.signed.format(card.delta_30d) })}</Muted>}
    </Card>
  );
}

/** New members per day over the last 30 days, with the same figures as a table for screen readers. */
function MembersChart({ points }: { points: DailyPoint[] }) {
  const { t, i18n } = useTranslation('home');
  const theme = useTheme();
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const short = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const number = new Intl.NumberFormat(i18n.language);
  const day = (date: string) => new Date(`${date}T00:00:00Z`);
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return (
    <Card aria-labelledby="home-chart-title">
      <h2 id="home-chart-title">{t('home.chartTitle')}</h2>
      <ChartBox role="img" aria-label={t('home.chartLabel', { from: long.format(day(first.date)), to: long.format(day(last.date)) })}>
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={points} margin={{ top: 8, right: 12, bottom: 4, left: 12 }}>
            <CartesianGrid stroke={theme.border} strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="date"
              reversed={rtl}
              tickFormatter={(d: string) => short.format(day(d))}
              stroke={theme.muted}
              tick={{ fill: theme.muted, fontSize: 12 }}
              minTickGap={16}
            />
            <YAxis
              orientation={rtl ? 'right' : 'left'}
              allowDecimals={false}
              width={40}
              stroke={theme.muted}
              tick={{ fill: theme.muted, fontSize: 12 }}
              tickFormatter={(n: number) => number.format(n)}
            />
            <Tooltip
              labelFormatter={(d) => long.format(day(String(d)))}
              formatter={(value) => [number.format(Number(value)), t('home.chartValue')]}
              contentStyle={{ background: theme.surface, border: `1px solid ${theme.border}`, color: theme.text }}
            />
            <Area type="monotone" dataKey="value" name={t('home.chartValue')} stroke={theme.primary} fill={theme.primary} fillOpacity={0.18} strokeWidth={2} />
          </AreaChart>
        </ResponsiveContainer>
      </ChartBox>
      <Table className="visually-hidden">
        <caption>{t('home.chartTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('home.chartDay')}</th>
            <th scope="col">{t('home.chartValue')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <th scope="row">{long.format(day(p.date))}</th>
              <td>{number.format(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

function QuickLinks({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation('home');
  return (
    <Card aria-labelledby="home-quick">
      <h2 id="home-quick">{t('home.quickLinks')}</h2>
      <Row $wrap $gap="0.5rem">
        {items.map((item) => (
          <Button key={item.id} as={Link} to={item.path} $variant="secondary" style={{ textDecoration: 'none' }} data-entry={item.id}>
            <Icon name={item.icon} />
            {t(item.label)}
          </Button>
        ))}
      </Row>
    </Card>
  );
}

function SetupCard({ checklist }: { checklist: SetupChecklist }) {
  const { t } = useTranslation('home');
  const ratio = checklist.total === 0 ? 1 : checklist.done_count / checklist.total;
  return (
    <Card aria-labelledby="home-setup" data-testid="setup-card">
      <h2 id="home-setup" style={{ marginTop: 0 }}>
        {t('home.setupTitle', { done: checklist.done_count, total: checklist.total })}
      </h2>
      <Muted>{t('home.setupHint')}</Muted>
      <ProgressBar
        ratio={ratio}
        tone="primary"
        label={t('home.setupProgress')}
        max={checklist.total}
        now={checklist.done_count}
        style={{ marginBlock: '0.4rem' }}
      />
      <Button as={Link} to="/dashboard/setup" style={{ textDecoration: 'none', marginTop: '0.5rem' }}>
        <Icon name="check" />
        {t('home.setupContinue')}
      </Button>
    </Card>
  );
}
