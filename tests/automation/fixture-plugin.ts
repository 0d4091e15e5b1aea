import { defineAction, defineCondition, definePlugin, defineTrigger, Type, type PluginDefinition, type WorkScope } from '@lectern/sdk';
import type { TestKernel } from '@lectern/sdk/testing';

/** What the fixture's actions did, in order (the tests' view of side effects). */
export interface Performed {
  accountId: string;
  key: string;
  label: string;
  userId: string | null;
  eventId: string;
  origin: string;
}

export const pinged = defineTrigger('test_pinged', Type.Object({ word: Type.String({ minLength: 1 }) }, { additionalProperties: false }));
export const wordIs = defineCondition('test_word_is', Type.Object({ word: Type.String() }, { additionalProperties: false }));
export const record = defineAction('test_record', Type.Object({ label: Type.String({ minLength: 1, maxLength: 50 }) }, { additionalProperties: false }));
/** Fails its first `failures` tries in each run (a crash, a flaky service), then records. */
export const flaky = defineAction(
  'test_flaky',
  Type.Object({ label: Type.String({ minLength: 1 }), failures: Type.Integer({ minimum: 0, maximum: 5 }) }, { additionalProperties: false }),
);

/**
 * A plugin with a feature (`autotest`) declaring one trigger, one condition and two actions,
 * built like a real plugin: schemas in the manifest, code in register().
 */
export function automationFixture(performed: Performed[], tries = new Map<string, number>()): PluginDefinition {
  return definePlugin({
    manifest: {
      name: 'autotest',
      version: '1.0.0',
      kernel: '*',
      feature: 'autotest',
      plans: ['professional'],
      automation: { triggers: [pinged], conditions: [wordIs], actions: [record, flaky] },
    },
    register(ctx) {
      ctx.automation.condition(wordIs, (args, { event }) => event.payload.word === args.word);
      ctx.automation.action(record, async (input, scope) => {
        performed.push({
          accountId: scope.accountId,
          key: 'test_record',
          label: input.label,
          userId: scope.event.userId,
          eventId: scope.event.id,
          origin: scope.origin,
        });
        return { output: { label: input.label } };
      });
      ctx.automation.action(flaky, async (input, scope) => {
        const key = `${scope.runId}:${scope.step}`;
        const tried = (tries.get(key) ?? 0) + 1;
        tries.set(key, tried);
        if (tried <= input.failures) throw new Error(`flaky failure ${tried}`);
        performed.push({
          accountId: scope.accountId,
          key: 'test_flaky',
          label: input.label,
          userId: scope.event.userId,
          eventId: scope.event.id,
          origin: scope.origin,
        });
      });
    },
  });
}

/**
 * Raises the fixture's trigger in a transaction of the account, like a plugin's route would; with
 * `fail` the transaction then throws and rolls back. After-commit tasks run only on commit.
 */
export async function raiseIn(
  t: Pick<TestKernel, 'kernel'>,
  accountId: string,
  payload: { word: string },
  options: { userId?: string; fail?: boolean; afterCommit?: boolean } = {},
) {
  const tasks: Array<() => void | Promise<void>> = [];
  const ctx = t.kernel.plugins.context('autotest');
  await t.kernel.inAccount(accountId, async ({ db, account }) => {
    const scope: WorkScope = { db, accountId, features: account.features, afterCommit: (task) => void tasks.push(task) };
    await ctx.automation.raise(scope, pinged, { userId: options.userId ?? null, payload });
    if (options.fail) throw new Error('the change failed');
  });
  // afterCommit false: a crash between the commit and the queueing of the dispatch.
  if (options.afterCommit !== false) for (const task of tasks) await task();
}

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
