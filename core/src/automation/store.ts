import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import type { StepEntry } from './catalogue.js';
import type { AutomationEvent } from './declarations.js';

/** The automations, events, runs and steps tables (migration 0013-automation), one query each. */

export interface AutomationRow {
  id: string;
  account_id: string;
  name: string;
  trigger_type: string;
  conditions: StepEntry[];
  actions: StepEntry[];
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

export type RunStatus = 'running' | 'waiting' | 'completed' | 'failed' | 'skipped';
export type StepStatus = 'passed' | 'failed' | 'pending' | 'scheduled' | 'done' | 'skipped' | 'error';

export interface RunRow {
  id: string;
  account_id: string;
  automation_id: string;
  event_id: string;
  status: RunStatus;
  created_at: Date;
  updated_at: Date;
}

export interface StepRow {
  run_id: string;
  position: number;
  kind: 'condition' | 'action';
  key: string;
  args: Record<string, unknown>;
  status: StepStatus;
  attempts: number;
  output: Record<string, unknown> | null;
  error: string | null;
  due_at: Date | null;
  updated_at: Date;
}

interface EventRow {
  id: string;
  account_id: string;
  trigger_type: string;
  user_id: string | null;
  payload: Record<string, unknown>;
  created_at: Date;
  dispatched_at: Date | null;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export const automationStore = {
  async list(db: AnyDb, accountId: string, page: { limit: number; offset: number }): Promise<{ items: AutomationRow[]; total: number }> {
    const { rows } = await sql<AutomationRow>`
      SELECT * FROM automations WHERE account_id = ${accountId} ORDER BY created_at DESC, id LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
    const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM automations WHERE account_id = ${accountId}`.execute(db);
    return { items: rows, total: count.rows[0]?.n ?? 0 };
  },

  async find(db: AnyDb, accountId: string, id: string): Promise<AutomationRow | null> {
    const { rows } = await sql<AutomationRow>`SELECT * FROM automations WHERE account_id = ${accountId} AND id = ${id}`.execute(db);
    return rows[0] ?? null;
  },

  async create(
    db: AnyDb,
    accountId: string,
    input: Pick<AutomationRow, 'name' | 'trigger_type' | 'conditions' | 'actions' | 'enabled'>,
  ): Promise<AutomationRow> {
    const { rows } = await sql<AutomationRow>`
      INSERT INTO automations (account_id, name, trigger_type, conditions, actions, enabled)
      VALUES (${accountId}, ${input.name}, ${input.trigger_type}, ${json(input.conditions)}, ${json(input.actions)}, ${input.enabled})
      RETURNING *`.execute(db);
    return rows[0] as AutomationRow;
  },

  async update(
    db: AnyDb,
    accountId: string,
    id: string,
    patch: Partial<Pick<AutomationRow, 'name' | 'trigger_type' | 'conditions' | 'actions' | 'enabled'>>,
  ): Promise<AutomationRow | null> {
    const sets = [sql`updated_at = now()`];
    if (patch.name !== undefined) sets.push(sql`name = ${patch.name}`);
    if (patch.trigger_type !== undefined) sets.push(sql`trigger_type = ${patch.trigger_type}`);
    if (patch.conditions !== undefined) sets.push(sql`conditions = ${json(patch.conditions)}`);
    if (patch.actions !== undefined) sets.push(sql`actions = ${json(patch.actions)}`);
    if (patch.enabled !== undefined) sets.push(sql`enabled = ${patch.enabled}`);
    const { rows } = await sql<AutomationRow>`
      UPDATE automations SET ${sql.join(sets)} WHERE account_id = ${accountId} AND id = ${id} RETURNING *`.execute(db);
    return rows[0] ?? null;
  },

  async remove(db: AnyDb, accountId: string, id: string): Promise<boolean> {
    const result = await sql`DELETE FROM automations WHERE account_id = ${accountId} AND id = ${id}`.execute(db);
    return Number(result.numAffectedRows ?? 0) > 0;
  },

  /** The enabled automations a trigger sets off. */
  async enabledFor(db: AnyDb, accountId: string, trigger: string): Promise<AutomationRow[]> {
    const { rows } = await sql<AutomationRow>`
      SELECT * FROM automations WHERE account_id = ${accountId} AND trigger_type = ${trigger} AND enabled ORDER BY created_at, id`.execute(db);
    return rows;
  },

  async anyEnabledFor(db: AnyDb, accountId: string, trigger: string): Promise<boolean> {
    const { rows } = await sql<{ found: boolean }>`
      SELECT EXISTS (SELECT 1 FROM automations WHERE account_id = ${accountId} AND trigger_type = ${trigger} AND enabled) AS found`.execute(db);
    return rows[0]?.found === true;
  },
};

export const eventStore = {
  /** Records an event; `dispatched` when nothing is listening (no job needed). */
  async insert(db: AnyDb, event: { accountId: string; trigger: string; userId: string | null; payload: unknown; dispatched: boolean }): Promise<string> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO automation_events (account_id, trigger_type, user_id, payload, dispatched_at)
      VALUES (${event.accountId}, ${event.trigger}, ${event.userId}, ${json(event.payload)}, ${event.dispatched ? sql`now()` : null})
      RETURNING id`.execute(db);
    return (rows[0] as { id: string }).id;
  },

  async find(db: AnyDb, accountId: string, id: string): Promise<(AutomationEvent & { dispatched: boolean }) | null> {
    const { rows } = await sql<EventRow>`SELECT * FROM automation_events WHERE account_id = ${accountId} AND id = ${id}`.execute(db);
    const row = rows[0];
    if (row === undefined) return null;
    return { ...toEvent(row), dispatched: row.dispatched_at !== null };
  },

  async markDispatched(db: AnyDb, accountId: string, id: string): Promise<void> {
    await sql`UPDATE automation_events SET dispatched_at = now() WHERE account_id = ${accountId} AND id = ${id} AND dispatched_at IS NULL`.execute(db);
  },

  async list(db: AnyDb, accountId: string, page: { limit: number; offset: number; trigger?: string }): Promise<AutomationEvent[]> {
    const trigger = page.trigger === undefined ? sql`` : sql`AND trigger_type = ${page.trigger}`;
    const { rows } = await sql<EventRow>`
      SELECT * FROM automation_events WHERE account_id = ${accountId} ${trigger}
       ORDER BY created_at DESC, id LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
    return rows.map(toEvent);
  },

  /** One trigger's events since a time, newest first (a backtest's sample). */
  async since(db: AnyDb, accountId: string, trigger: string, from: Date, limit: number): Promise<AutomationEvent[]> {
    const { rows } = await sql<EventRow>`
      SELECT * FROM automation_events WHERE account_id = ${accountId} AND trigger_type = ${trigger} AND created_at >= ${from}
       ORDER BY created_at DESC, id LIMIT ${limit}`.execute(db);
    return rows.map(toEvent);
  },

  /** Events of every account never dispatched a while after their commit (system access: the sweep). */
  async stale(owner: AnyDb, limit: number): Promise<Array<{ account_id: string; id: string }>> {
    const { rows } = await sql<{ account_id: string; id: string }>`
      SELECT account_id, id FROM automation_events
       WHERE dispatched_at IS NULL AND created_at < now() - interval '1 minute'
       ORDER BY created_at LIMIT ${limit}`.execute(owner);
    return rows;
  },
};

function toEvent(row: EventRow): AutomationEvent {
  return { id: row.id, accountId: row.account_id, trigger: row.trigger_type, userId: row.user_id, payload: row.payload, createdAt: new Date(row.created_at) };
}

export const runStore = {
  /** Starts the run of an automation for an event; null when it exists (the event came again). */
  async start(db: AnyDb, accountId: string, automationId: string, eventId: string): Promise<string | null> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO automation_runs (account_id, automation_id, event_id) VALUES (${accountId}, ${automationId}, ${eventId})
      ON CONFLICT (account_id, automation_id, event_id) DO NOTHING RETURNING id`.execute(db);
    return rows[0]?.id ?? null;
  },

  async find(db: AnyDb, accountId: string, id: string, options: { lock?: boolean } = {}): Promise<RunRow | null> {
    const lock = options.lock ? sql`FOR UPDATE` : sql``;
    const { rows } = await sql<RunRow>`SELECT * FROM automation_runs WHERE account_id = ${accountId} AND id = ${id} ${lock}`.execute(db);
    return rows[0] ?? null;
  },

  async setStatus(db: AnyDb, accountId: string, id: string, status: RunStatus): Promise<void> {
    await sql`UPDATE automation_runs SET status = ${status}, updated_at = now() WHERE account_id = ${accountId} AND id = ${id}`.execute(db);
  },

  async list(
    db: AnyDb,
    accountId: string,
    filter: { automationId?: string; eventId?: string; limit: number; offset: number },
  ): Promise<{ items: Array<RunRow & { trigger_type: string; user_id: string | null; steps: StepRow[] }>; total: number }> {
    const where = [sql`r.account_id = ${accountId}`];
    if (filter.automationId !== undefined) where.push(sql`r.automation_id = ${filter.automationId}`);
    if (filter.eventId !== undefined) where.push(sql`r.event_id = ${filter.eventId}`);
    const condition = sql.join(where, sql` AND `);
    const { rows } = await sql<RunRow & { trigger_type: string; user_id: string | null }>`
      SELECT r.*, e.trigger_type, e.user_id FROM automation_runs r
        JOIN automation_events e ON e.account_id = r.account_id AND e.id = r.event_id
       WHERE ${condition} ORDER BY r.created_at DESC, r.id LIMIT ${filter.limit} OFFSET ${filter.offset}`.execute(db);
    const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM automation_runs r WHERE ${condition}`.execute(db);
    const steps = await stepStore.ofRuns(
      db,
      accountId,
      rows.map((row) => row.id),
    );
    return { items: rows.map((row) => ({ ...row, steps: steps.filter((step) => step.run_id === row.id) })), total: count.rows[0]?.n ?? 0 };
  },

  /**
   * Runs of every account that stalled (system access: the sweep): still running a while after
   * their last change, or waiting past the time their next step was due. With the step to resume.
   */
  async stalled(owner: AnyDb, limit: number): Promise<Array<{ account_id: string; run_id: string; position: number }>> {
    const { rows } = await sql<{ account_id: string; run_id: string; position: number }>`
      SELECT r.account_id, r.id AS run_id, s.position FROM automation_runs r
        JOIN LATERAL (
          SELECT position, due_at FROM automation_run_steps
           WHERE account_id = r.account_id AND run_id = r.id AND kind = 'action' AND status IN ('pending', 'scheduled')
           ORDER BY position LIMIT 1
        ) s ON true
       WHERE r.status IN ('running', 'waiting') AND r.updated_at < now() - interval '2 minutes'
         AND (s.due_at IS NULL OR s.due_at < now() - interval '1 minute')
       ORDER BY r.updated_at LIMIT ${limit}`.execute(owner);
    return rows;
  },
};

export const stepStore = {
  async insert(db: AnyDb, accountId: string, steps: Array<Pick<StepRow, 'run_id' | 'position' | 'kind' | 'key' | 'args' | 'status' | 'error'>>): Promise<void> {
    if (steps.length === 0) return;
    const values = steps.map(
      (s) => sql`(${accountId}, ${s.run_id}, ${s.position}, ${s.kind}, ${s.key}, ${json(s.args)}, ${s.status}, ${s.status === 'pending' ? 0 : 1}, ${s.error})`,
    );
    await sql`INSERT INTO automation_run_steps (account_id, run_id, position, kind, key, args, status, attempts, error) VALUES ${sql.join(values)}`.execute(db);
  },

  /** An action step, locked so two deliveries of its job never run it side by side. */
  async action(db: AnyDb, accountId: string, runId: string, position: number): Promise<StepRow | null> {
    const { rows } = await sql<StepRow>`
      SELECT * FROM automation_run_steps WHERE account_id = ${accountId} AND run_id = ${runId} AND kind = 'action' AND position = ${position}
      FOR UPDATE`.execute(db);
    return rows[0] ?? null;
  },

  async finish(
    db: AnyDb,
    accountId: string,
    runId: string,
    position: number,
    outcome: { status: StepStatus; output?: Record<string, unknown> | null; error?: string | null; attempted?: boolean },
  ): Promise<void> {
    await sql`
      UPDATE automation_run_steps SET status = ${outcome.status}, output = ${outcome.output == null ? null : json(outcome.output)},
             error = ${outcome.error ?? null}, attempts = attempts + ${outcome.attempted === false ? 0 : 1}, updated_at = now()
       WHERE account_id = ${accountId} AND run_id = ${runId} AND kind = 'action' AND position = ${position}`.execute(db);
  },

  /** A failed try: counted, with its error; the step stays pending for the next one. */
  async attemptFailed(db: AnyDb, accountId: string, runId: string, position: number, error: string, final: boolean): Promise<void> {
    await sql`
      UPDATE automation_run_steps SET attempts = attempts + 1, error = ${error}, status = ${final ? 'error' : 'pending'}, updated_at = now()
       WHERE account_id = ${accountId} AND run_id = ${runId} AND kind = 'action' AND position = ${position} AND status IN ('pending', 'scheduled')`.execute(db);
  },

  async schedule(db: AnyDb, accountId: string, runId: string, position: number, dueAt: Date): Promise<void> {
    await sql`
      UPDATE automation_run_steps SET status = 'scheduled', due_at = ${dueAt}, updated_at = now()
       WHERE account_id = ${accountId} AND run_id = ${runId} AND kind = 'action' AND position = ${position}`.execute(db);
  },

  async ofRuns(db: AnyDb, accountId: string, runIds: string[]): Promise<StepRow[]> {
    if (runIds.length === 0) return [];
    const { rows } = await sql<StepRow>`
      SELECT * FROM automation_run_steps WHERE account_id = ${accountId} AND run_id IN (${sql.join(runIds)})
       ORDER BY run_id, kind DESC, position`.execute(db);
    return rows;
  },
};
