import { Type } from '@sinclair/typebox';
import type { FastifyBaseLogger } from 'fastify';
import type { HookBus } from '../hooks/hook-bus.js';
import type { AccountScope } from '../plugins/contract.js';
import { runInAccount } from '../notifications/work-scope.js';
import type { AutomationCatalogue } from './catalogue.js';
import type { AutomationEngine } from './engine.js';

/** SPEC §9 triggers of things the kernel does: a person signs up on the site, a post is published. */
export const USER_REGISTERED = 'user_registered';
export const NEW_POST_PUBLISHED = 'new_post_published';

export function declareKernelTriggers(catalogue: AutomationCatalogue): void {
  const kernel = { plugin: null, feature: undefined };
  catalogue.addTrigger({ ...kernel, key: USER_REGISTERED, payload: Type.Object({}, { additionalProperties: false }) });
  catalogue.addTrigger({
    ...kernel,
    key: NEW_POST_PUBLISHED,
    payload: Type.Object({ postId: Type.String({ format: 'uuid' }), slug: Type.String() }, { additionalProperties: false }),
  });
}

type InAccount = <T>(accountId: string, work: (scope: AccountScope) => Promise<T>) => Promise<T>;

/**
 * Raises the kernel's triggers where their hooks fire, after the change committed: a sign-up (not
 * an anonymous one) is `user_registered` about the new member; a post published (now, or when its
 * scheduled time comes) is `new_post_published`. Each event is written in a transaction of its own
 * in the account's tenancy; a failure is logged and leaves the sign-up or the post as it is.
 */
export function raiseKernelTriggers(deps: { hooks: HookBus; engine: AutomationEngine; inAccount: InAccount; log: FastifyBaseLogger }): void {
  const raise = (accountId: string, key: string, userId: string | null, payload: Record<string, unknown>) =>
    runInAccount(deps.inAccount, deps.log, accountId, (scope) => deps.engine.raise(null, scope, key, { userId, payload })).catch((error: unknown) =>
      deps.log.error({ err: error, accountId, trigger: key }, 'an automation trigger could not be recorded'),
    );
  deps.hooks.addAction('auth.signedUp', async ({ userId, accountId, anonymous }) => {
    if (!anonymous) await raise(accountId, USER_REGISTERED, userId, {});
  });
  deps.hooks.addAction('content.published', async ({ accountId, type, id, slug }) => {
    if (type === 'post') await raise(accountId, NEW_POST_PUBLISHED, null, { postId: id, slug });
  });
}
