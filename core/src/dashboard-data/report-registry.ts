import { sql, type RawBuilder } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { SIGN_IN_MAIL } from '../mail/outbox.js';

/** A closed range of calendar days (UTC), both ends "YYYY-MM-DD". */
export interface ReportRange {
  from: string;
  to: string;
}

export interface ReportPoint {
  /** A day ("YYYY-MM-DD") for daily series, or a category label for bar widgets. */
  x: string;
  y: number;
}

export type ReportResult = { points: ReportPoint[] } | { value: number };

export type ReportKind = 'line' | 'bar' | 'number';

/**
 * One chart or figure on /dashboard/reports. `query` runs in the request's transaction (row-level
 * security keeps it to the account); line and bar widgets return points, number widgets a value.
 */
export interface ReportWidget {
  /** Stable id, also the CSV file name: lower case letters, digits, "_", "-", ".". */
  id: string;
  /** i18n key. */
  title: string;
  /** Members without this capability do not see the widget. */
  capability: string;
  /** The widget shows only when this feature is on for the account. */
  feature?: string;
  kind: ReportKind;
  query(db: AnyDb, accountId: string, range: ReportRange): Promise<ReportResult> | ReportResult;
}

declare module '../hooks/hook-bus.js' {
  interface ActionHooks {
    /**
     * Adds a widget to /dashboard/reports. Plugins fire it while they register
     * (`ctx.hooks.doAction('reports.register', widget, scope)`); tests fire it on `kernel.hooks`.
     */
    'reports.register': ReportWidget;
  }
}

const WIDGET_ID = /^[a-z0-9][a-z0-9_.-]{0,63}$/;
const KINDS = new Set<ReportKind>(['line', 'bar', 'number']);

/** The report widgets of the kernel and the plugins, in the order they were registered. */
export class ReportRegistry {
  private readonly widgets = new Map<string, ReportWidget>();

  /** Adds a widget; a bad or duplicate id is a programming error and throws at boot. Returns its removal. */
  register(widget: ReportWidget): () => void {
    if (!WIDGET_ID.test(widget.id)) throw new Error(`Report widget id "${widget.id}" must match ${WIDGET_ID}`);
    if (!KINDS.has(widget.kind)) throw new Error(`Report widget "${widget.id}" has unknown kind "${String(widget.kind)}"`);
    if (this.widgets.has(widget.id)) throw new Error(`Report widget "${widget.id}" is registered twice`);
    this.widgets.set(widget.id, widget);
    return () => {
      if (this.widgets.get(widget.id) === widget) this.widgets.delete(widget.id);
    };
  }

  get(id: string): ReportWidget | undefined {
    return this.widgets.get(id);
  }

  list(): ReportWidget[] {
    return [...this.widgets.values()];
  }
}

/** The tables the kernel counts per day; a closed list so no caller can put SQL in a table name. */
type CountedTable = 'members' | 'mail_outbox' | 'notifications';

/**
 * Rows created per day over the range, every day present (zeros filled in by generate_series), in
 * one grouped query. Days are UTC.
 */
export async function dailyCounts(db: AnyDb, table: CountedTable, accountId: string, range: ReportRange, extra?: RawBuilder<unknown>): Promise<ReportPoint[]> {
  const { rows } = await sql<{ x: string; y: number }>`
    SELECT to_char(d, 'YYYY-MM-DD') AS x, coalesce(c.n, 0)::int AS y
      FROM generate_series(${range.from}::timestamp, ${range.to}::timestamp, interval '1 day') AS d
      LEFT JOIN (
        SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
          FROM ${sql.table(table)}
         WHERE account_id = ${accountId}
           AND created_at >= (${range.from}::timestamp AT TIME ZONE 'UTC')
           AND created_at < ((${range.to}::date + 1)::timestamp AT TIME ZONE 'UTC')
           ${extra ?? sql``}
         GROUP BY 1
      ) AS c ON c.day = d::date
     ORDER BY d`.execute(db);
  return rows.map((r) => ({ x: r.x, y: Number(r.y) }));
}

/** The kernel's own widgets: activity every account has, whatever its plugins. */
export function kernelReportWidgets(): ReportWidget[] {
  return [
    {
      id: 'members_joined',
      title: 'reports.membersJoined',
      capability: 'manage_options',
      kind: 'line',
      query: async (db, accountId, range) => ({ points: await dailyCounts(db, 'members', accountId, range) }),
    },
    {
      id: 'emails_sent',
      title: 'reports.emailsSent',
      capability: 'manage_options',
      kind: 'bar',
      // Sign-in mail is never shown to site owners nor counted against their plan.
      query: async (db, accountId, range) => ({
        points: await dailyCounts(db, 'mail_outbox', accountId, range, sql`AND type IS DISTINCT FROM ${SIGN_IN_MAIL}`),
      }),
    },
    {
      id: 'notifications',
      title: 'reports.notifications',
      capability: 'manage_options',
      kind: 'line',
      query: async (db, accountId, range) => ({ points: await dailyCounts(db, 'notifications', accountId, range) }),
    },
  ];
}

/** A registry holding the kernel's widgets. */
export function createReportRegistry(): ReportRegistry {
  const registry = new ReportRegistry();
  for (const widget of kernelReportWidgets()) registry.register(widget);
  return registry;
}

const DAY_MS = 86_400_000;

export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days in the closed range, both ends counted. */
export function daysBetween(range: ReportRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS) + 1;
}
