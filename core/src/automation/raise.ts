import type { WorkScope } from '../notifications/work-scope.js';
import { isAvailable, validate, type AutomationCatalogue } from './catalogue.js';
import type { RaiseInput } from './declarations.js';
import { automationStore, eventStore } from './store.js';

export interface RaiseDependencies {
  catalogue: AutomationCatalogue;
  /** Queues the dispatch of a committed event. */
  dispatchLater(accountId: string, eventId: string): Promise<void>;
}

/**
 * Records an event in the caller's transaction. Nothing is dispatched before the commit: a rolled
 * back change leaves no event and runs nothing; a crash after the commit leaves an undispatched
 * event the sweep finds. Where no enabled automation listens, the event is kept as dispatched.
 */
export async function raiseEvent(
  deps: RaiseDependencies,
  raiser: string | null,
  scope: WorkScope,
  key: string,
  input: RaiseInput<Record<string, unknown>>,
): Promise<string | null> {
  const trigger = deps.catalogue.trigger(key);
  // Raising an undeclared trigger, another plugin's, or a payload its schema refuses is a bug in the caller.
  if (trigger === undefined) throw new Error(`automation trigger "${key}" is not declared`);
  if (trigger.plugin !== raiser) throw new Error(`automation trigger "${key}" belongs to ${trigger.plugin ?? 'the kernel'}, not ${raiser ?? 'the kernel'}`);
  const problems = validate(trigger.payload, input.payload);
  if (problems.length > 0) {
    throw new Error(`automation trigger "${key}": invalid payload: ${problems.map((p) => `${p.path || '/'} ${p.message}`).join('; ')}`);
  }
  // An off feature neither triggers nor acts.
  if (!isAvailable(trigger, scope.features)) return null;
  const listened = await automationStore.anyEnabledFor(scope.db, scope.accountId, key);
  const eventId = await eventStore.insert(scope.db, {
    accountId: scope.accountId,
    trigger: key,
    userId: input.userId ?? null,
    payload: input.payload,
    dispatched: !listened,
  });
  if (listened) scope.afterCommit(() => deps.dispatchLater(scope.accountId, eventId));
  return eventId;
}
