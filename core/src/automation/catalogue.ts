import { FormatRegistry, KindGuard, Type, type TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { PluginManifest } from '../plugins/manifest.js';
import type { ActionHandler, ConditionEvaluator } from './declarations.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Declarations use format 'uuid' (as route schemas do); TypeBox checks only formats it knows.
if (!FormatRegistry.Has('uuid')) FormatRegistry.Set('uuid', (value) => UUID.test(value));

/** Who declared an entry: a plugin (gated by its feature) or the kernel (plugin null). */
interface Owner {
  plugin: string | null;
  feature: string | undefined;
}

export interface TriggerEntry extends Owner {
  key: string;
  payload: TObject;
}

export interface ConditionEntry extends Owner {
  key: string;
  args: TObject;
  evaluate?: ConditionEvaluator<never>;
}

export interface ActionEntry extends Owner {
  key: string;
  input: TObject;
  handler?: ActionHandler<never>;
}

/** One thing wrong with a value: where (a JSON pointer) and what. */
export interface Problem {
  path: string;
  message: string;
}

/** The entries an automation lists: `{ key, args }` each (SPEC §3 Automation). */
export interface StepEntry {
  key: string;
  args: Record<string, unknown>;
}

export class AutomationDeclarationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AutomationDeclarationError';
  }
}

/**
 * Every trigger, condition and action the kernel and the plugins declare, with their schemas and
 * (once register() ran) their code. Keys are global: two declarations of one key stop the boot.
 */
export class AutomationCatalogue {
  private readonly triggers = new Map<string, TriggerEntry>();
  private readonly conditions = new Map<string, ConditionEntry>();
  private readonly actions = new Map<string, ActionEntry>();

  /** Takes a plugin's manifest declarations (schemas only; the code comes in register()). */
  declareManifest(manifest: PluginManifest): void {
    const owner = { plugin: manifest.name, feature: manifest.feature };
    const section = manifest.automation ?? {};
    for (const t of section.triggers ?? []) this.addTrigger({ ...owner, key: t.key, payload: schemaOf(manifest.name, t.key, t.payload) });
    for (const c of section.conditions ?? []) this.addCondition({ ...owner, key: c.key, args: schemaOf(manifest.name, c.key, c.args) });
    for (const a of section.actions ?? []) this.addAction({ ...owner, key: a.key, input: schemaOf(manifest.name, a.key, a.input) });
  }

  addTrigger(entry: TriggerEntry): void {
    this.unique(this.triggers, entry.key, 'trigger');
    this.triggers.set(entry.key, entry);
  }

  addCondition(entry: ConditionEntry): void {
    this.unique(this.conditions, entry.key, 'condition');
    this.conditions.set(entry.key, entry);
  }

  addAction(entry: ActionEntry): void {
    this.unique(this.actions, entry.key, 'action');
    this.actions.set(entry.key, entry);
  }

  /** Gives a declared condition its evaluator; only the plugin that declared it may. */
  setEvaluator(plugin: string, key: string, evaluate: ConditionEvaluator<never>): void {
    const entry = this.conditions.get(key);
    if (entry === undefined || entry.plugin !== plugin) {
      throw new AutomationDeclarationError(`Plugin "${plugin}" gives code to condition "${key}", which its manifest does not declare`);
    }
    entry.evaluate = evaluate;
  }

  setHandler(plugin: string, key: string, handler: ActionHandler<never>): void {
    const entry = this.actions.get(key);
    if (entry === undefined || entry.plugin !== plugin) {
      throw new AutomationDeclarationError(`Plugin "${plugin}" gives code to action "${key}", which its manifest does not declare`);
    }
    entry.handler = handler;
  }

  /** After register(): every declared condition and action has its code, or the boot stops. */
  verify(): void {
    const missing = [
      ...[...this.conditions.values()].filter((c) => c.evaluate === undefined).map((c) => `condition "${c.key}" (${c.plugin ?? 'kernel'})`),
      ...[...this.actions.values()].filter((a) => a.handler === undefined && a.key !== 'time_delay').map((a) => `action "${a.key}" (${a.plugin ?? 'kernel'})`),
    ];
    if (missing.length > 0) throw new AutomationDeclarationError(`Declared without code (register it in register()): ${missing.join(', ')}`);
  }

  trigger(key: string): TriggerEntry | undefined {
    return this.triggers.get(key);
  }

  condition(key: string): ConditionEntry | undefined {
    return this.conditions.get(key);
  }

  action(key: string): ActionEntry | undefined {
    return this.actions.get(key);
  }

  /** What an account may use: kernel entries and those of plugins whose feature is on. */
  list(features: ReadonlySet<string>): { triggers: TriggerEntry[]; conditions: ConditionEntry[]; actions: ActionEntry[] } {
    const on = <T extends Owner>(entries: Iterable<T>) => [...entries].filter((entry) => isAvailable(entry, features));
    return { triggers: on(this.triggers.values()), conditions: on(this.conditions.values()), actions: on(this.actions.values()) };
  }

  /** Checks an automation's trigger and steps against the declarations the account may use. */
  validateAutomation(input: { trigger_type?: string; conditions?: StepEntry[]; actions?: StepEntry[] }, features: ReadonlySet<string>): Problem[] {
    const problems: Problem[] = [];
    if (input.trigger_type !== undefined) {
      const trigger = this.triggers.get(input.trigger_type);
      if (trigger === undefined || !isAvailable(trigger, features))
        problems.push({ path: '/trigger_type', message: `unknown trigger "${input.trigger_type}"` });
    }
    const check = (list: StepEntry[] | undefined, name: 'conditions' | 'actions') => {
      (list ?? []).forEach((step, index) => {
        const entry = name === 'conditions' ? this.conditions.get(step.key) : this.actions.get(step.key);
        if (entry === undefined || !isAvailable(entry, features)) {
          problems.push({ path: `/${name}/${index}/key`, message: `unknown ${name === 'conditions' ? 'condition' : 'action'} "${step.key}"` });
          return;
        }
        const schema = 'args' in entry ? entry.args : entry.input;
        for (const problem of validate(schema, step.args)) problems.push({ path: `/${name}/${index}/args${problem.path}`, message: problem.message });
      });
    };
    check(input.conditions, 'conditions');
    check(input.actions, 'actions');
    return problems;
  }

  private unique(map: Map<string, unknown>, key: string, kind: string): void {
    if (map.has(key)) throw new AutomationDeclarationError(`The automation ${kind} "${key}" is declared twice`);
  }
}

/** An entry is usable by an account when the kernel declared it or its plugin's feature is on. */
export function isAvailable(entry: Owner, features: ReadonlySet<string>): boolean {
  return entry.feature === undefined || features.has(entry.feature);
}

/** What is wrong with a value for a schema (empty: nothing). */
export function validate(schema: TObject, value: unknown): Problem[] {
  return [...Value.Errors(schema, value)].map((error) => ({ path: error.path, message: error.message }));
}

function schemaOf(plugin: string, key: string, schema: unknown): TObject {
  if (schema === undefined) return Type.Object({}, { additionalProperties: false });
  if (!KindGuard.IsObject(schema)) {
    throw new AutomationDeclarationError(
      `Plugin "${plugin}": the schema of automation entry "${key}" must be a TypeBox Type.Object (defineTrigger/defineCondition/defineAction)`,
    );
  }
  return schema;
}
