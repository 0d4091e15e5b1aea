import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../http/typed-app.js';
import { AppError, Errors } from '../errors/errors.js';
import type { RequestContext } from '../tenancy/request-context.js';
import { addDays, daysBetween, today, type ReportRange, type ReportRegistry, type ReportResult, type ReportWidget } from './report-registry.js';
import { CsvResponse, RangeQuery, ReportsResponse, WidgetIdParams } from './schemas.js';

const tags = ['account'];
const MAX_DAYS = 366;
const DEFAULT_DAYS = 30;

type RangeInput = Static<typeof RangeQuery>;

/** The range asked for: `to` defaults to today (UTC), `from` to 30 days ending at `to`. */
function rangeOf(query: RangeInput): ReportRange {
  const to = query.to ?? today();
  const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) throw new AppError(Errors.invalidRange, `"from" (${from}) is after "to" (${to})`);
  const days = daysBetween({ from, to });
  if (days > MAX_DAYS) throw new AppError(Errors.invalidRange, `The range spans ${days} days; at most ${MAX_DAYS} are allowed`);
  return { from, to };
}

/** Whether the member may see the widget: its capability, and its feature on for the account. */
async function visible(ctx: RequestContext, widget: ReportWidget): Promise<boolean> {
  if (widget.feature !== undefined && !ctx.account.features.has(widget.feature)) return false;
  return ctx.can(widget.capability);
}

async function run(ctx: RequestContext, widget: ReportWidget, range: ReportRange): Promise<ReportResult> {
  return widget.query(ctx.db, ctx.account.id, range);
}

function csvField(value: string | number): string {
  const text = String(value);
  // Quote fields a spreadsheet would split or read as a formula.
  if (/[",\r\n]/.test(text) || /^[=+\-@]/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

function toCsv(result: ReportResult, range: ReportRange): string {
  const rows = 'points' in result ? result.points.map((p) => [p.x, p.y] as const) : [[range.to, result.value] as const];
  return ['date,value', ...rows.map(([x, y]) => `${csvField(x)},${csvField(y)}`)].join('\r\n') + '\r\n';
}

/** /dashboard/reports: the widgets the member may see over a date range, and each one as CSV. */
export async function reportRoutes(server: FastifyInstance, deps: { registry: ReportRegistry }): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/account/reports',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags,
        summary: "The account's report widgets over a date range (default: the last 30 days; at most 366 days)",
        querystring: RangeQuery,
        response: { 200: ReportsResponse },
      },
    },
    async (request) => {
      const ctx = request.ctx;
      const range = rangeOf(request.query);
      const widgets = [];
      // One after another: they share the request's single connection.
      for (const widget of deps.registry.list()) {
        if (!(await visible(ctx, widget))) continue;
        widgets.push({ id: widget.id, title: widget.title, kind: widget.kind, ...(await run(ctx, widget, range)) });
      }
      return { ...range, widgets };
    },
  );

  app.get(
    '/api/account/reports/:id.csv',
    {
      config: { capability: 'manage_options' },
      schema: { tags, summary: 'One report widget as CSV ("date,value")', params: WidgetIdParams, querystring: RangeQuery, response: CsvResponse },
    },
    async (request, reply) => {
      const ctx = request.ctx;
      const widget = deps.registry.get(request.params.id);
      // A widget the member may not see is reported as missing, like one that does not exist.
      if (widget === undefined || !(await visible(ctx, widget))) throw new AppError(Errors.notFound, `There is no report "${request.params.id}"`);
      const range = rangeOf(request.query);
      const csv = toCsv(await run(ctx, widget, range), range);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${widget.id}-${range.from}-${range.to}.csv"`);
      return csv;
    },
  );
}
