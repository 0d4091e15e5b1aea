import { memberMeta } from '../dashboard/member-meta.js';
import { jobIdFor } from '../jobs/job-id.js';
import type { JobService } from '../jobs/job-service.js';
import type { OutboxMailer } from '../mail/outbox.js';
import type { TouchpointRegistry } from '../notifications/touchpoint-registry.js';
import type { OptionsService } from '../options/options-service.js';
import type { PageCache } from '../page-cache/page-cache.js';
import type { RealtimeService } from '../realtime/realtime-service.js';
import type { StorageService } from '../storage/storage-service.js';
import type {
  PluginJobs,
  PluginMail,
  PluginMailer,
  PluginMemberMeta,
  PluginOptions,
  PluginPageCache,
  PluginRealtime,
  PluginStorage,
  PluginTouchpoints,
} from './services.js';

/** The jobs a plugin sees: the kernel's job service behind the narrow interface, `key` turned into a stable id. */
export function pluginJobs(jobs: JobService): PluginJobs {
  return {
    work: ((queue: string, handler: never, options?: never) => jobs.work(queue, handler, options)) as PluginJobs['work'],
    schedule: (queue, cron, data, options) => jobs.schedule(queue, cron, data, options),
    enqueue: (accountId, queue, data, options = {}) => {
      const { key, id, ...rest } = options;
      return jobs.enqueue(accountId, queue, data, { ...rest, ...(key !== undefined ? { id: jobIdFor(key) } : id !== undefined ? { id } : {}) });
    },
  };
}

/** Page purges for plugins (the counts the kernel's cache returns are its own business). */
export function pluginPageCache(pageCache: PageCache): PluginPageCache {
  return {
    purgeAccount: async (accountId) => void (await pageCache.purgeAccount(accountId)),
    purgePath: async (accountId, path) => void (await pageCache.purgePath(accountId, path)),
  };
}

/** Firing only: listing and describing touchpoints is the dashboard's business. */
export function pluginTouchpoints(touchpoints: TouchpointRegistry): PluginTouchpoints {
  return { fire: (scope, key, input) => touchpoints.fire(scope, key, input) };
}

/** An unsubscribe address goes into a header only as an http(s) URL with nothing that could end the header. */
const listUnsubscribeOf = (message: PluginMail): string | null =>
  message.unsubscribeUrl != null && /^https?:\/\/[^\s<>]+$/.test(message.unsubscribeUrl) ? message.unsubscribeUrl : null;

/**
 * Mail goes to the outbox once the caller's transaction has committed, as touchpoint mail does:
 * rolled back, nothing is recorded. Recording inside the caller's transaction would need the
 * account row, read on another connection, which the embedded database's single backend cannot
 * serve while that transaction is open.
 */
export function pluginMailer(outbox: Pick<OutboxMailer, 'send' | 'queueFor'>): PluginMailer {
  return {
    sendMany: (accountId, messages) =>
      outbox.queueFor(
        accountId,
        messages.map((message) => ({
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
          replyTo: message.replyTo ?? null,
          type: message.type ?? null,
          listUnsubscribe: listUnsubscribeOf(message),
          accountId,
        })),
      ),
    send: async (scope, message) => {
      const mail = {
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        replyTo: message.replyTo ?? null,
        type: message.type ?? null,
        listUnsubscribe: listUnsubscribeOf(message),
        accountId: scope.accountId,
      };
      scope.afterCommit(() => outbox.send(mail));
    },
  };
}

export function pluginStorage(storage: Pick<StorageService, 'put' | 'get' | 'putIn'>): PluginStorage {
  return {
    put: (accountId, bucket, path, bytes, options) => storage.put(accountId, bucket, path, bytes, options),
    get: (accountId, bucket, path) => storage.get(accountId, bucket, path),
    putIn: (scope, bucket, path, bytes, options) => storage.putIn(scope, bucket, path, bytes, options),
  };
}

/** JSON payloads only (binary frames are the kernel's own business). */
export function pluginRealtime(realtime: Pick<RealtimeService, 'broadcast'>): PluginRealtime {
  return { broadcast: (accountId, channel, event, payload, options) => realtime.broadcast(accountId, channel, event, payload, options) };
}

/** The kernel's member_meta rows through the caller's transaction (row-level security keeps them to its account). */
export function pluginMemberMeta(store: typeof memberMeta = memberMeta): PluginMemberMeta {
  return {
    get: (scope, userId, keys) => store.read(scope.db, scope.accountId, userId, keys),
    set: (scope, userId, key, value) => store.write(scope.db, scope.accountId, userId, key, value),
    remove: (scope, userId, key) => store.remove(scope.db, scope.accountId, userId, key),
  };
}

/**
 * Options outside a request, through the same cache routes read (`request.ctx.options`): a key
 * written earlier in the same transaction is read back uncached, so nothing uncommitted is cached.
 * Writes purge every instance once the caller commits.
 */
export function pluginOptions(options: OptionsService): PluginOptions {
  return {
    get: (async (scope, key, fallback?: unknown) => {
      const value = await options.get(scope.db, scope.accountId, key);
      return value === undefined ? fallback : value;
    }) as PluginOptions['get'],
    async set(scope, key, value) {
      const purge = await options.set(scope.db, scope.accountId, key, value);
      scope.afterCommit(purge);
    },
    async delete(scope, key) {
      const purge = await options.delete(scope.db, scope.accountId, key);
      scope.afterCommit(purge);
    },
  };
}
