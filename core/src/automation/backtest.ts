import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import type { Account } from '../tenancy/account.js';
import { MANUAL_TRIGGER } from './built-ins.js';
import type { AutomationCatalogue, StepEntry } from './catalogue.js';
import { evaluate } from './dispatch.js';
import { eventStore } from './store.js';

/** The most events one backtest replays (the newest of the window). */
export const BACKTEST_MAX_EVENTS = 500;

export interface BacktestStep {
  kind: 'condition' | 'action';
  position: number;
  key: string;
  /** A condition: passed or failed (as a live run traces it); an action: would_run or not_run. */
  status: 'passed' | 'failed' | 'would_run' | 'not_run';
  error: string | null;
}

export interface BacktestRun {
  event_id: string;
  created_at: string;
  user_id: string | null;
  /** Who the actions would have acted on: the member's address, else the one in the event. */
  email: string | null;
  name: string | null;
  outcome: 'would_run' | 'skipped';
  steps: BacktestStep[];
}

export interface BacktestResult {
  from: string;
  events: number;
  would_run: number;
  /** Each action key with the people it would have acted on (addresses, else member ids), once each. */
  actions: Array<{ key: string; people: string[] }>;
  runs: BacktestRun[];
  /** True when the window held more events than one backtest replays. */
  truncated: boolean;
}

/**
 * A dry run of a draft automation over the trigger's recorded events of the last days (issue 19,
 * item 6): each event's conditions are evaluated as a live dispatch evaluates them (the same
 * evaluators, at the event's own time for time_of_day and day_of_week), and the actions that would
 * have run are listed with whom they would have touched. Nothing is executed: the evaluation runs
 * inside a savepoint that is rolled back, and no action handler is called. Conditions read the
 * site as it is now (a tag added since counts).
 */
export async function backtest(
  catalogue: AutomationCatalogue,
  db: AnyDb,
  account: Account,
  draft: { trigger_type: string; conditions: StepEntry[]; actions: StepEntry[] },
  days: number,
  now = new Date(),
): Promise<BacktestResult> {
  const from = new Date(now.getTime() - days * 86_400_000);
  const sample = await eventStore.since(db, account.id, draft.trigger_type, from, BACKTEST_MAX_EVENTS + 1);
  // A manual event belongs to the automation it started: a draft has none.
  const events = (draft.trigger_type === MANUAL_TRIGGER ? [] : sample).slice(0, BACKTEST_MAX_EVENTS);
  const runs: BacktestRun[] = [];
  await sql`SAVEPOINT automation_backtest`.execute(db);
  try {
    const people = await peopleOf(
      db,
      account.id,
      events.map((event) => event.userId).filter((id): id is string => id !== null),
    );
    for (const event of events) {
      const results: Array<Awaited<ReturnType<typeof evaluate>>> = [];
      for (const condition of draft.conditions) results.push(await evaluate(catalogue, db, condition, { event, account, now: event.createdAt }));
      const holds = results.every((result) => result.status === 'passed');
      const member = event.userId === null ? undefined : people.get(event.userId);
      const given = typeof event.payload.email === 'string' ? event.payload.email : null;
      runs.push({
        event_id: event.id,
        created_at: event.createdAt.toISOString(),
        user_id: event.userId,
        email: member?.email ?? given,
        name: member?.name ?? null,
        outcome: holds ? 'would_run' : 'skipped',
        steps: [
          ...draft.conditions.map((condition, position) => ({
            kind: 'condition' as const,
            position,
            key: condition.key,
            status: results[position]!.status === 'passed' ? ('passed' as const) : ('failed' as const),
            error: results[position]!.error,
          })),
          ...draft.actions.map((action, position) => ({
            kind: 'action' as const,
            position,
            key: action.key,
            status: holds ? ('would_run' as const) : ('not_run' as const),
            error: null,
          })),
        ],
      });
    }
  } finally {
    // Whatever an evaluator wrote is undone: a backtest changes nothing.
    await sql`ROLLBACK TO SAVEPOINT automation_backtest`.execute(db);
    await sql`RELEASE SAVEPOINT automation_backtest`.execute(db);
  }
  const going = runs.filter((run) => run.outcome === 'would_run');
  return {
    from: from.toISOString(),
    events: runs.length,
    would_run: going.length,
    actions: draft.actions.map((action) => ({
      key: action.key,
      people: [...new Set(going.map((run) => run.email ?? run.user_id ?? '').filter((who) => who !== ''))],
    })),
    runs,
    truncated: sample.length > BACKTEST_MAX_EVENTS,
  };
}

/** The members' names and addresses on this site, in one query. */
async function peopleOf(db: AnyDb, accountId: string, userIds: string[]): Promise<Map<string, { name: string; email: string | null }>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const { rows } = await sql<{ user_id: string; name: string; email: string | null }>`
    SELECT user_id, name, email FROM members WHERE account_id = ${accountId} AND user_id = ANY(${unique}::uuid[])`.execute(db);
  return new Map(rows.map((row) => [row.user_id, { name: row.name, email: row.email }]));
}
