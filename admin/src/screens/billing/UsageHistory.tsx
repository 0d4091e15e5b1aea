import type { PlanLimitsWire, UsageMonthWire } from '@lectern/sdk/wire';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styled, { useTheme } from 'styled-components';
import { Button, Muted, Row, Table } from '../../ui/primitives';
import { OPEN_LIMIT, useUsageFormats } from './UsageMeters';

type Meter = Exclude<keyof UsageMonthWire, 'period' | 'jitsi'>;

/** The monthly meters a chart can show, each with the plan limit it counts against (notifications have none). */
const METERS: { key: Meter; limit: (limits: PlanLimitsWire) => number | undefined }[] = [
  { key: 'mau', limit: (l) => l.mau },
  { key: 'emails', limit: (l) => l.monthlyEmails },
  { key: 'ai_tokens', limit: (l) => l.ai_tokens },
  { key: 'chats', limit: (l) => l.chats },
  { key: 'email_verifications', limit: (l) => l.email_verify },
  { key: 'notifications', limit: () => undefined },
];

const ChartBox = styled.div`
  width: 100%;
  height: 240px;
`;

/**
 * A monthly meter over the last months as bars, with the plan's limit drawn across them, so a site
 * growing into its limit shows before it reaches it (the line appears once use is within half of it). One meter at a time (chosen with toggle
 * buttons); the same figures are in a table for screen readers.
 */
export function UsageHistory({ months, limits, idPrefix }: { months: UsageMonthWire[]; limits: PlanLimitsWire; idPrefix: string }) {
  const { t, i18n } = useTranslation('billing');
  const theme = useTheme();
  const formats = useUsageFormats();
  const [meter, setMeter] = useState<Meter>('mau');
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  const monthOf = (period: string) => monthName.format(new Date(`${period}-01T00:00:00Z`));
  const limit = METERS.find((m) => m.key === meter)?.limit(limits);
  const limited = limit !== undefined && limit > 0 && limit < OPEN_LIMIT;
  const peak = Math.max(0, ...months.map((month) => month[meter]));
  // The limit is drawn once use comes within half of it; further off, it would flatten the bars to nothing.
  const near = limited && peak >= limit / 2;
  const name = t(`billing.history.meters.${meter}`);
  const points = months.map((month) => ({ x: monthOf(month.period), y: month[meter] }));
  const axis = { stroke: theme.muted, tick: { fill: theme.muted, fontSize: 12 } };
  const first = months[0];
  const last = months[months.length - 1];
  return (
    <div>
      <Row $wrap $gap="0.4rem" role="group" aria-label={t('billing.history.choose')} style={{ marginBottom: '0.5rem' }}>
        {METERS.map((m) => (
          <Button
            key={m.key}
            type="button"
            $variant={m.key === meter ? 'primary' : 'secondary'}
            aria-pressed={m.key === meter}
            onClick={() => setMeter(m.key)}
            data-history-meter={m.key}
          >
            {t(`billing.history.meters.${m.key}`)}
          </Button>
        ))}
      </Row>
      <Muted style={{ fontSize: '0.85rem' }}>
        {near
          ? t('billing.history.limitLine', { limit: formats.limit(limit) })
          : limited
            ? t('billing.history.limitFar', { limit: formats.limit(limit) })
            : t('billing.history.noLimitLine')}
      </Muted>
      <ChartBox
        role="img"
        id={`${idPrefix}-chart`}
        aria-label={t('billing.history.chartLabel', {
          name,
          from: first === undefined ? '' : monthOf(first.period),
          to: last === undefined ? '' : monthOf(last.period),
        })}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={points} margin={{ top: 12, right: 12, bottom: 4, left: 12 }}>
            <CartesianGrid stroke={theme.border} strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="x" reversed={rtl} {...axis} />
            <YAxis
              orientation={rtl ? 'right' : 'left'}
              allowDecimals={false}
              width={52}
              tickFormatter={(n: number) => formats.number.format(n)}
              domain={near ? [0, (max: number) => Math.max(max, limit)] : [0, 'auto']}
              {...axis}
            />
            <Tooltip
              formatter={(value) => [formats.number.format(Number(value)), name]}
              contentStyle={{ background: theme.surface, border: `1px solid ${theme.border}`, color: theme.text }}
              cursor={{ fill: theme.surfaceAlt }}
            />
            {near ? <ReferenceLine y={limit} stroke={theme.danger} strokeDasharray="6 4" ifOverflow="extendDomain" /> : null}
            <Bar dataKey="y" name={name} fill={theme.primary} radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartBox>
      <Table className="visually-hidden">
        <caption>{name}</caption>
        <thead>
          <tr>
            <th scope="col">{t('billing.history.month')}</th>
            <th scope="col">{t('billing.used')}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.period}>
              <th scope="row">{monthOf(month.period)}</th>
              <td>{formats.number.format(month[meter])}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
