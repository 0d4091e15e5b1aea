import type { Static, TObject } from '@sinclair/typebox';
import type { AnyDb } from '../db/database.js';
import type { WorkScope } from '../notifications/work-scope.js';
import type { Account } from '../tenancy/account.js';

/**
 * What a plugin declares for automations: pure data (a key and a TypeBox schema), listed in its
 * manifest's `automation` section and, for conditions and actions, given their code in register()
 * through `ctx.automation`. The schema types the payload, the args and the handler's input.
 */
export interface TriggerDefinition<S extends TObject = TObject> {
  key: string;
  /** What an event of this trigger carries (validated when it is raised). */
  payload: S;
}

export interface ConditionDefinition<S extends TObject = TObject> {
  key: string;
  /** What an automation sets for the condition (validated when the automation is saved). */
  args: S;
}

export interface ActionDefinition<S extends TObject = TObject> {
  key: string;
  /** What an automation sets for the action (validated when saved, and again when it runs). */
  input: S;
}

export function defineTrigger<S extends TObject>(key: string, payload: S): TriggerDefinition<S> {
  return { key, payload };
}

export function defineCondition<S extends TObject>(key: string, args: S): ConditionDefinition<S> {
  return { key, args };
}

export function defineAction<S extends TObject>(key: string, input: S): ActionDefinition<S> {
  return { key, input };
}

/** A recorded event, as conditions and actions see it. */
export interface AutomationEvent {
  id: string;
  accountId: string;
  trigger: string;
  /** The member the event is about (the one actions act on), when there is one. */
  userId: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** What a condition's evaluator gets besides its args: the event, the account and a read in its tenancy. */
export interface ConditionContext {
  event: AutomationEvent;
  account: Account;
  /** A transaction in the account's tenancy (row-level security on). */
  db: AnyDb;
  /** When the run is evaluated (time_of_day, day_of_week). */
  now: Date;
}

export type ConditionEvaluator<A> = (args: A, ctx: ConditionContext) => boolean | Promise<boolean>;

/**
 * What an action's handler runs in: its own transaction in the account's tenancy (the step's
 * outcome is written in it, so work done in the database is done once), the account, the site's
 * address for links, and the event that started the run.
 */
export interface ActionScope extends WorkScope {
  readonly account: Account;
  readonly siteName: string;
  /** The site's address (custom domain, else its platform host), for links in emails. */
  readonly origin: string;
  readonly event: AutomationEvent;
  readonly automationId: string;
  readonly runId: string;
  /** The action's position in the automation's list. */
  readonly step: number;
}

/** What a handler may return: nothing (done), an output kept in the trace, or a reason it did nothing. */
export type ActionOutcome = void | { output?: Record<string, unknown>; skipped?: string };

export type ActionHandler<A> = (input: A, scope: ActionScope) => Promise<ActionOutcome>;

export interface RaiseInput<P> {
  /** The member the event is about; actions act on them. */
  userId?: string | null;
  payload: P;
}

/** `ctx.automation`: how a plugin gives its declared conditions and actions their code, and raises its triggers. */
export interface PluginAutomation {
  /** The evaluator of a condition the plugin's manifest declares (call in register()). */
  condition<S extends TObject>(definition: ConditionDefinition<S>, evaluate: ConditionEvaluator<Static<S>>): void;
  /** The handler of an action the plugin's manifest declares (call in register()); throwing retries it. */
  action<S extends TObject>(definition: ActionDefinition<S>, handler: ActionHandler<Static<S>>): void;
  /**
   * Records an event of one of the plugin's triggers in the scope's transaction (rolled back: no
   * event, nothing runs); its automations are dispatched after the commit. Skipped where the
   * plugin's feature is off for the account. A payload its schema refuses throws.
   */
  raise<S extends TObject>(scope: WorkScope, trigger: TriggerDefinition<S>, input: RaiseInput<Static<S>>): Promise<void>;
  raise(scope: WorkScope, trigger: string, input: RaiseInput<Record<string, unknown>>): Promise<void>;
}
