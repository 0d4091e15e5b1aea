import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styled, { useTheme } from 'styled-components';
import { api, apiText } from '../api/client';
import { saveText } from '../ui/save-text';
import { ApiError } from '../api/errors';
import { Field } from '../ui/Field';
import { PageHeader } from '../ui/PageHeader';
import { Button, Card, Grid, Input, Muted, Row, Stack, Table } from '../ui/primitives';
import { EmptyState, ErrorState, errorText, Loading } from '../ui/states';
import { useToast } from '../ui/toasts';
import type { ReportWidgetWire, ReportsWire } from '@lectern/sdk/wire';

/** One widget of GET /api/account/reports; `title` is an i18n key. */
type Widget = ReportWidgetWire;
type ReportsResponse = ReportsWire;

interface Range {
  from: string;
  to: string;
}

const PRESETS = [7, 30, 90] as const;
const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Days are UTC calendar days, as the server counts them. */
const todayUtc = () => new Date().toISOString().slice(0, 10);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const lastDays = (days: number): Range => {
  const to = todayUtc();
  return { from: addDays(to, -(days - 1)), to };
};
/** Range errors the server answers for the form's values (shown beside the form, not as a failed page). */
const isRangeError = (error: unknown) => error instanceof ApiError && (error.code === 'invalid_range' || error.code === 'validation_failed');

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0.75rem;
  > div {
    min-width: 10rem;
  }
`;

const FormError = styled.p`
  color: ${(p) => p.theme.danger};
  margin: 0.75rem 0 0;
`;

const Stat = styled.p`
  font-size: 2.4rem;
  font-weight: 700;
  margin: 0.5rem 0 0;
  line-height: 1.15;
`;

const ChartBox = styled.div`
  width: 100%;
  height: 280px;
`;

const WideCard = styled(Card)`
  grid-column: 1 / -1;
  min-width: 0;
`;

/** /dashboard/reports: the account's report widgets over a date range, each exportable as CSV. */
export default function Reports() {
  const { t } = useTranslation('reports');
  const [draft, setDraft] = useState<Range>(() => lastDays(30));
  const [range, setRange] = useState<Range>(draft);
  const reports = useQuery({
    queryKey: ['reports', range.from, range.to],
    queryFn: () => api<ReportsResponse>('/api/account/reports', { query: { from: range.from, to: range.to } }),
    placeholderData: keepPreviousData,
  });
  const apply = (next: Range) => {
    setDraft(next);
    setRange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRange(draft);
  };
  const rangeError = reports.isError && isRangeError(reports.error);
  return (
    <>
      <PageHeader title={t('reports.title')} />
      <Card style={{ marginBottom: '1rem' }}>
        <Form onSubmit={submit} aria-label={t('reports.range')} noValidate>
          <Field label={t('reports.from')}>
            <Input
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
              data-testid="report-from"
            />
          </Field>
          <Field label={t('reports.to')}>
            <Input
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
              data-testid="report-to"
            />
          </Field>
          <Button type="submit" disabled={reports.isFetching}>
            {t('reports.apply')}
          </Button>
          <Row $wrap $gap="0.4rem" role="group" aria-label={t('reports.presets')}>
            {PRESETS.map((days) => {
              const preset = lastDays(days);
              const active = preset.from === range.from && preset.to === range.to;
              return (
                <Button key={days} type="button" $variant={active ? 'primary' : 'secondary'} aria-pressed={active} onClick={() => apply(preset)}>
                  {t('reports.preset', { count: days })}
                </Button>
              );
            })}
          </Row>
        </Form>
        {rangeError ? (
          <FormError role="alert" data-testid="range-error">
            {(reports.error as ApiError).code === 'invalid_range' ? t('reports.invalidRange') : errorText(t, reports.error)}
          </FormError>
        ) : null}
      </Card>
      {reports.isPending ? (
        <Loading />
      ) : reports.isError && !rangeError ? (
        <ErrorState error={reports.error} retry={() => void reports.refetch()} />
      ) : reports.data === undefined ? null : reports.data.widgets.length === 0 ? (
        <EmptyState title={t('reports.none')} hint={t('reports.noneHint')} />
      ) : (
        <Report data={reports.data} stale={reports.isPlaceholderData || rangeError} />
      )}
    </>
  );
}

function useFormats() {
  const { i18n } = useTranslation('reports');
  const number = new Intl.NumberFormat(i18n.language);
  const short = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
  return {
    number,
    /** Daily points are days; bar widgets may use category labels, shown as they are. */
    shortX: (x: string) => (DAY.test(x) ? short.format(asDate(x)) : x),
    longX: (x: string) => (DAY.test(x) ? long.format(asDate(x)) : x),
    day: (d: string) => long.format(asDate(d)),
  };
}

function Report({ data, stale }: { data: ReportsResponse; stale: boolean }) {
  const { t } = useTranslation('reports');
  const formats = useFormats();
  return (
    <Stack aria-busy={stale}>
      <Muted>{t('reports.showing', { from: formats.day(data.from), to: formats.day(data.to) })}</Muted>
      <Grid $min="16rem" style={{ opacity: stale ? 0.6 : 1 }}>
        {data.widgets.map((widget) => (
          <WidgetCard key={widget.id} widget={widget} range={data} />
        ))}
      </Grid>
    </Stack>
  );
}

function WidgetCard({ widget, range }: { widget: Widget; range: Range }) {
  const { t } = useTranslation('reports');
  const formats = useFormats();
  const title = t(widget.title, { defaultValue: widget.id });
  const headingId = `report-${widget.id}`;
  const isChart = widget.kind !== 'number';
  const Wrapper = isChart ? WideCard : Card;
  return (
    <Wrapper aria-labelledby={headingId} data-widget={widget.id}>
      <Row $wrap style={{ justifyContent: 'space-between' }}>
        <h2 id={headingId} style={{ margin: 0, fontSize: '1.1rem' }}>
          {title}
        </h2>
        <ExportButton widget={widget} title={title} range={range} />
      </Row>
      {isChart ? <ChartWidget widget={widget} title={title} range={range} /> : <Stat>{formats.number.format(widget.value ?? 0)}</Stat>}
    </Wrapper>
  );
}

function ChartWidget({ widget, title, range }: { widget: Widget; title: string; range: Range }) {
  const { t, i18n } = useTranslation('reports');
  const theme = useTheme();
  const formats = useFormats();
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const points = widget.points ?? [];
  const total = points.reduce((sum, p) => sum + p.y, 0);
  const axis = { stroke: theme.muted, tick: { fill: theme.muted, fontSize: 12 } };
  const x = <XAxis dataKey="x" reversed={rtl} tickFormatter={formats.shortX} minTickGap={16} {...axis} />;
  const y = <YAxis orientation={rtl ? 'right' : 'left'} allowDecimals={false} width={44} tickFormatter={(n: number) => formats.number.format(n)} {...axis} />;
  const grid = <CartesianGrid stroke={theme.border} strokeDasharray="3 3" vertical={false} />;
  const tooltip = (
    <Tooltip
      labelFormatter={(label) => formats.longX(String(label))}
      formatter={(value) => [formats.number.format(Number(value)), title]}
      contentStyle={{ background: theme.surface, border: `1px solid ${theme.border}`, color: theme.text }}
      cursor={{ fill: theme.surfaceAlt }}
    />
  );
  const margin = { top: 8, right: 12, bottom: 4, left: 12 };
  return (
    <>
      <Muted style={{ marginTop: '0.35rem' }}>{t('reports.total', { total: formats.number.format(total) })}</Muted>
      <ChartBox
        role="img"
        aria-label={t('reports.chartLabel', { kind: t(`reports.kind.${widget.kind}`), title, from: formats.day(range.from), to: formats.day(range.to) })}
      >
        <ResponsiveContainer width="100%" height="100%">
          {widget.kind === 'bar' ? (
            <BarChart data={points} margin={margin}>
              {grid}
              {x}
              {y}
              {tooltip}
              <Bar dataKey="y" name={title} fill={theme.primary} radius={[3, 3, 0, 0]} />
            </BarChart>
          ) : (
            <LineChart data={points} margin={margin}>
              {grid}
              {x}
              {y}
              {tooltip}
              <Line type="monotone" dataKey="y" name={title} stroke={theme.primary} strokeWidth={2} dot={points.length <= 31} />
            </LineChart>
          )}
        </ResponsiveContainer>
      </ChartBox>
      <Table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('reports.column.x')}</th>
            <th scope="col">{t('reports.column.y')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.x}>
              <th scope="row">{formats.longX(p.x)}</th>
              <td>{formats.number.format(p.y)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

/** Downloads the widget as "<id>-<from>-<to>.csv" through the member's credentials. */
function ExportButton({ widget, title, range }: { widget: Widget; title: string; range: Range }) {
  const { t } = useTranslation('reports');
  const toast = useToast();
  const download = useMutation({
    mutationFn: async () => {
      const csv = await apiText(`/api/account/reports/${encodeURIComponent(widget.id)}.csv`, { from: range.from, to: range.to });
      const file = `${widget.id}-${range.from}-${range.to}.csv`;
      saveText(csv, file);
      return file;
    },
    onSuccess: (file) => toast(t('reports.exported', { file })),
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  return (
    <Button
      $variant="secondary"
      onClick={() => download.mutate()}
      disabled={download.isPending}
      aria-label={t('reports.exportLabel', { title })}
      data-testid={`export-${widget.id}`}
    >
      {download.isPending ? t('reports.exporting') : t('reports.export')}
    </Button>
  );
}
