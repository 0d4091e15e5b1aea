import type { FastifyBaseLogger } from 'fastify';
import type { TObject } from '@sinclair/typebox';
import type { AnyDb } from '../db/database.js';
import { jobIdFor } from '../jobs/job-id.js';
import type { JobService } from '../jobs/job-service.js';
import type { WorkScope } from '../notifications/work-scope.js';
import type { PluginManifest } from '../plugins/manifest.js';
import type { Account } from '../tenancy/account.js';
import { declareBuiltIns } from './built-ins.js';
import { declareKernelTriggers } from './kernel-triggers.js';
import { AutomationCatalogue } from './catalogue.js';
import type {
  ActionDefinition,
  ActionHandler,
  ConditionDefinition,
  ConditionEvaluator,
  PluginAutomation,
  RaiseInput,
  TriggerDefinition,
} from './declarations.js';
import { dispatchEvent } from './dispatch.js';
import { raiseEvent } from './raise.js';
import { recordFailure, runStep } from './step-runner.js';
import { eventStore, runStore } from './store.js';

export const DISPATCH_JOB = 'automation.dispatch';
export const STEP_JOB = 'automation.step';
export const SWEEP_JOB = 'automation.sweep';
const SWEEP_CRON = '* * * * *';
const SWEEP_BATCH = 500;

export interface AutomationEngineDependencies {
  jobs: JobService;
  log: FastifyBaseLogger;
  withSystem<T>(reason: string, work: (db: AnyDb) => Promise<T>): Promise<T>;
  originOf(account: Account): string;
  /** Dispatches and steps handled at once by this instance (1 on the embedded database, which serves one transaction at a time). */
  concurrency: number;
}

/**
 * The kernel's automation service (DESIGN §2a): the catalogue of declarations, raising events in
 * the caller's transaction, dispatch and action steps as jobs, and a sweep for what a crash left.
 */
export class AutomationEngine {
  readonly catalogue = new AutomationCatalogue();

  constructor(
    manifests: readonly PluginManifest[],
    private readonly deps: AutomationEngineDependencies,
  ) {
    declareBuiltIns(this.catalogue);
    declareKernelTriggers(this.catalogue);
    for (const manifest of manifests) this.catalogue.declareManifest(manifest);
  }

  /** `ctx.automation` of one plugin: it gives code to its own declarations and raises its own triggers. */
  forPlugin(plugin: string): PluginAutomation {
    return {
      condition: <S extends TObject>(definition: ConditionDefinition<S>, evaluate: ConditionEvaluator<never>) =>
        this.catalogue.setEvaluator(plugin, definition.key, evaluate),
      action: <S extends TObject>(definition: ActionDefinition<S>, handler: ActionHandler<never>) => this.catalogue.setHandler(plugin, definition.key, handler),
      raise: async (scope: WorkScope, trigger: TriggerDefinition | string, input: RaiseInput<Record<string, unknown>>) => {
        await this.raise(plugin, scope, typeof trigger === 'string' ? trigger : trigger.key, input);
      },
    } as PluginAutomation;
  }

  /** Records an event (see raiseEvent); `raiser` null for the kernel's own triggers. */
  raise(raiser: string | null, scope: WorkScope, key: string, input: RaiseInput<Record<string, unknown>>): Promise<string | null> {
    return raiseEvent({ catalogue: this.catalogue, dispatchLater: (accountId, eventId) => this.queueDispatch(accountId, eventId) }, raiser, scope, key, input);
  }

  /** Declares the workers and the sweep (before the job service starts); call after plugins' register(). */
  async start(): Promise<void> {
    this.catalogue.verify();
    const { jobs, log } = this.deps;
    await jobs.work<{ eventId: string }>(
      DISPATCH_JOB,
      async ({ account, data, run }) => {
        if (account === null) return;
        const toRun = await run((db) => dispatchEvent(this.catalogue, db, account, data.eventId));
        for (const step of toRun) await this.queueStep(account.id, step.runId, step.position);
      },
      { transaction: false, concurrency: this.deps.concurrency },
    );
    await jobs.work<{ runId: string; position: number }>(
      STEP_JOB,
      async ({ account, data, run, lastAttempt }) => {
        if (account === null) return;
        const tasks: Array<() => void | Promise<void>> = [];
        let next;
        try {
          next = await run((db) =>
            runStep({ catalogue: this.catalogue, originOf: this.deps.originOf }, db, account, data.runId, data.position, (task) => void tasks.push(task)),
          );
        } catch (error) {
          await run((db) => recordFailure(db, account.id, data.runId, data.position, error, lastAttempt));
          throw error;
        }
        // What the action queued for after its commit (emails, hooks, further events' dispatch).
        for (const task of tasks) {
          try {
            await task();
          } catch (error) {
            log.error({ err: error, accountId: account.id, runId: data.runId }, 'automation action follow-up failed');
          }
        }
        if (next != null) await this.queueStep(account.id, data.runId, next.position, next.startAfter);
      },
      { transaction: false, concurrency: this.deps.concurrency },
    );
    await jobs.work(SWEEP_JOB, async () => this.sweep(), { transaction: false, pollingIntervalSeconds: 30 });
    await jobs.schedule(SWEEP_JOB, SWEEP_CRON, {});
  }

  /**
   * Queues what a crash left behind: events committed but never dispatched, and runs whose next
   * step was never queued (or whose job was lost). Keyed job ids make queuing twice harmless.
   */
  async sweep(): Promise<void> {
    const { events, runs } = await this.deps.withSystem('automation: sweep for undispatched events and stalled runs', async (owner) => ({
      events: await eventStore.stale(owner, SWEEP_BATCH),
      runs: await runStore.stalled(owner, SWEEP_BATCH),
    }));
    for (const event of events) await this.queueDispatch(event.account_id, event.id);
    for (const run of runs) await this.queueStep(run.account_id, run.run_id, run.position);
  }

  private async queueDispatch(accountId: string, eventId: string): Promise<void> {
    await this.deps.jobs.enqueue(accountId, DISPATCH_JOB, { eventId }, { id: jobIdFor(`automation-dispatch:${accountId}:${eventId}`) });
  }

  private async queueStep(accountId: string, runId: string, position: number, startAfter?: Date): Promise<void> {
    await this.deps.jobs.enqueue(
      accountId,
      STEP_JOB,
      { runId, position },
      { id: jobIdFor(`automation-step:${accountId}:${runId}:${position}`), retryDelay: 2, ...(startAfter === undefined ? {} : { startAfter }) },
    );
  }
}
