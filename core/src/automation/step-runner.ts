import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import type { Account } from '../tenancy/account.js';
import { delaySeconds, TIME_DELAY, type TimeDelay } from './built-ins.js';
import { isAvailable, validate, type AutomationCatalogue } from './catalogue.js';
import type { ActionScope } from './declarations.js';
import { eventStore, runStore, stepStore, type StepStatus } from './store.js';

/** What comes after a step: the next one to queue (maybe not before a time), or nothing. */
export interface NextStep {
  position: number;
  startAfter?: Date;
}

export interface StepRunnerDependencies {
  catalogue: AutomationCatalogue;
  /** The site's address of an account, for the links actions put in emails. */
  originOf(account: Account): string;
}

/**
 * Runs one action step of a run inside one transaction of its account: the handler's work and the
 * step's outcome commit together, so a step done is never done again (a redelivered job, a retry
 * after a crash and the sweep all find it done and stop). A step whose plugin is off for the
 * account, or that is unknown, is skipped and traced. time_delay schedules the next step.
 * Throws when the handler throws (the job retries; the caller records the attempt).
 */
export async function runStep(
  deps: StepRunnerDependencies,
  db: AnyDb,
  account: Account,
  runId: string,
  position: number,
  afterCommit: (task: () => void | Promise<void>) => void,
  now = new Date(),
): Promise<NextStep | null> {
  // The run's row is locked first: two deliveries of one step wait for each other.
  const run = await runStore.find(db, account.id, runId, { lock: true });
  if (run === null || (run.status !== 'running' && run.status !== 'waiting')) return null;
  const step = await stepStore.action(db, account.id, runId, position);
  if (step === null || (step.status !== 'pending' && step.status !== 'scheduled')) return null;
  // Queued early (the sweep, a redelivery): the scheduled job comes at its time.
  if (step.status === 'scheduled' && step.due_at !== null && new Date(step.due_at).getTime() > now.getTime() + 1000) return null;
  const count = await actionCount(db, account.id, runId);
  const next = position + 1 < count ? position + 1 : null;

  const entry = deps.catalogue.action(step.key);
  let outcome: { status: StepStatus; output?: Record<string, unknown> | null; error?: string | null };
  let startAfter: Date | undefined;
  if (entry === undefined || (entry.handler === undefined && entry.key !== TIME_DELAY)) {
    outcome = { status: 'skipped', error: `unknown action "${step.key}"` };
  } else if (!isAvailable(entry, account.features)) {
    outcome = { status: 'skipped', error: `the feature "${entry.feature}" is off` };
  } else {
    const problems = validate(entry.input, step.args);
    if (problems.length > 0) {
      // Args the schema refuses now will be refused on every try: the run fails at once.
      await stepStore.finish(db, account.id, runId, position, { status: 'error', error: `invalid input: ${describe(problems)}` });
      await runStore.setStatus(db, account.id, runId, 'failed');
      return null;
    }
    if (entry.key === TIME_DELAY) {
      startAfter = new Date(now.getTime() + delaySeconds(step.args as TimeDelay) * 1000);
      outcome = { status: 'done', output: { until: startAfter.toISOString() } };
    } else {
      const event = await eventStore.find(db, account.id, run.event_id);
      if (event === null) return null;
      const scope: ActionScope = {
        db,
        accountId: account.id,
        features: account.features,
        afterCommit,
        account,
        siteName: account.name,
        origin: deps.originOf(account),
        event,
        automationId: run.automation_id,
        runId,
        step: position,
      };
      const result = await (entry.handler as NonNullable<typeof entry.handler>)(step.args as never, scope);
      outcome =
        result?.skipped !== undefined
          ? { status: 'skipped', error: result.skipped, output: result.output ?? null }
          : { status: 'done', output: result?.output ?? null };
    }
  }
  await stepStore.finish(db, account.id, runId, position, outcome);
  if (next === null) {
    await runStore.setStatus(db, account.id, runId, 'completed');
    return null;
  }
  if (startAfter !== undefined) {
    await stepStore.schedule(db, account.id, runId, next, startAfter);
    await runStore.setStatus(db, account.id, runId, 'waiting');
    return { position: next, startAfter };
  }
  await runStore.setStatus(db, account.id, runId, 'running');
  return { position: next };
}

/** Records a failed try of a step; on the last one the step and its run are failed for good. */
export async function recordFailure(db: AnyDb, accountId: string, runId: string, position: number, error: unknown, final: boolean): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await stepStore.attemptFailed(db, accountId, runId, position, message.slice(0, 2000), final);
  if (final) await runStore.setStatus(db, accountId, runId, 'failed');
}

async function actionCount(db: AnyDb, accountId: string, runId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM automation_run_steps WHERE account_id = ${accountId} AND run_id = ${runId} AND kind = 'action'`.execute(db);
  return rows[0]?.n ?? 0;
}

const describe = (problems: Array<{ path: string; message: string }>) => problems.map((p) => `${p.path || '/'} ${p.message}`).join('; ');
