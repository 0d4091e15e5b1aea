import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import type { Account } from '../tenancy/account.js';
import { MANUAL_TRIGGER } from './built-ins.js';
import { isAvailable, validate, type AutomationCatalogue, type StepEntry } from './catalogue.js';
import type { AutomationEvent } from './declarations.js';
import { automationStore, eventStore, runStore, stepStore, type StepStatus } from './store.js';

/** The first action of a run whose conditions held, to queue once the dispatch has committed. */
export interface StepToRun {
  runId: string;
  position: number;
}

/**
 * Dispatches one committed event, in one transaction of its account: each enabled automation of
 * its trigger gets a run (none when it already has one: a redelivered event runs once), its
 * conditions are evaluated and traced (all must hold), and the actions of the runs that go ahead
 * are written as pending steps. The caller queues their first steps after the commit.
 */
export async function dispatchEvent(catalogue: AutomationCatalogue, db: AnyDb, account: Account, eventId: string, now = new Date()): Promise<StepToRun[]> {
  const event = await eventStore.find(db, account.id, eventId);
  if (event === null) return [];
  const toRun: StepToRun[] = [];
  for (const automation of await automationStore.enabledFor(db, account.id, event.trigger)) {
    // A manual event is meant for the one automation it was started for.
    if (event.trigger === MANUAL_TRIGGER && event.payload.automationId !== automation.id) continue;
    const runId = await runStore.start(db, account.id, automation.id, event.id);
    if (runId === null) continue;
    const results: Array<{ status: StepStatus; error: string | null }> = [];
    for (const condition of automation.conditions) results.push(await evaluate(catalogue, db, condition, { event, account, now }));
    const holds = results.every((result) => result.status === 'passed');
    await stepStore.insert(db, account.id, [
      ...automation.conditions.map((condition, position) => ({
        run_id: runId,
        position,
        kind: 'condition' as const,
        key: condition.key,
        args: condition.args,
        ...(results[position] as { status: StepStatus; error: string | null }),
      })),
      // The actions are copied into the run: editing the automation later does not change it.
      ...(holds
        ? automation.actions.map((action, position) => ({
            run_id: runId,
            position,
            kind: 'action' as const,
            key: action.key,
            args: action.args,
            status: 'pending' as const,
            error: null,
          }))
        : []),
    ]);
    const status = !holds ? 'skipped' : automation.actions.length === 0 ? 'completed' : 'running';
    await runStore.setStatus(db, account.id, runId, status);
    if (status === 'running') toRun.push({ runId, position: 0 });
  }
  await eventStore.markDispatched(db, account.id, event.id);
  return toRun;
}

/**
 * One condition's result. A condition that throws, is unknown, has args its schema now refuses,
 * or belongs to a plugin that is off does not hold; its error is traced. A savepoint keeps a
 * failed query of an evaluator from aborting the dispatch's transaction.
 */
export async function evaluate(
  catalogue: AutomationCatalogue,
  db: AnyDb,
  condition: StepEntry,
  context: { event: AutomationEvent; account: Account; now: Date },
): Promise<{ status: StepStatus; error: string | null }> {
  const entry = catalogue.condition(condition.key);
  if (entry === undefined || entry.evaluate === undefined) return { status: 'failed', error: `unknown condition "${condition.key}"` };
  if (!isAvailable(entry, context.account.features)) return { status: 'failed', error: `the feature "${entry.feature}" is off` };
  const problems = validate(entry.args, condition.args);
  if (problems.length > 0) return { status: 'failed', error: `invalid args: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}` };
  await sql`SAVEPOINT automation_condition`.execute(db);
  try {
    const holds = await entry.evaluate(condition.args as never, { ...context, db });
    await sql`RELEASE SAVEPOINT automation_condition`.execute(db);
    return { status: holds ? 'passed' : 'failed', error: null };
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT automation_condition`.execute(db);
    return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
}
