import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes, type RegisteredRoute } from '@lectern/core';
import type { TestMember } from '@lectern/sdk/testing';
import { changedTables, snapshotAccount, type AccountSnapshot } from './account-snapshot.js';
import { fuzzCalls } from './fuzz-calls.js';
import { send, ProbeTally, type ProbeAnswer } from './probe-runner.js';
import { bootProbeKernel, tenantTables, type ProbeKernel } from './probe-sites.js';
import { crossTenantCalls, type ProbeCall } from './route-calls.js';

/**
 * The route-wide security suite. It enumerates the routes the kernel registered at run time (every
 * plugin under plugins/ included, so a new plugin is covered without anyone adding to this file)
 * and, against two accounts holding data in every tenant table:
 *  (a) calls every route as A's owner and A's student with B's ids, slugs and paths, and with A's
 *      tokens on B's host, and checks nothing of B comes back and B's rows stay as they were;
 *  (b) sends every route malformed variants of its input (from its schemas) and checks no answer
 *      is a 5xx, a stack trace or SQL, nothing hangs, and the server keeps answering.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Tenant tables that legitimately stay empty for a sample site, and why. */
const EMPTY_BY_DESIGN: Record<string, string> = {};
const METHOD_ORDER = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Routes that change how the whole site answers (features, sign-in, domain): probed last. */
const SITE_WIDE = /^\/api\/account\/(addons|auth-settings|site\/domain|site$)|^\/auth\/v1\/(logout|user$)|^\/api\/site\/signout/;

function ordered(routes: readonly RegisteredRoute[]): RegisteredRoute[] {
  const rank = (route: RegisteredRoute) => (SITE_WIDE.test(route.url) ? 100 : 0) + METHOD_ORDER.indexOf(route.method);
  return [...routes].sort((x, y) => rank(x) - rank(y));
}

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe('route-wide security probe', () => {
  let probe: ProbeKernel;
  let routes: readonly RegisteredRoute[];
  let before: AccountSnapshot;
  let alpha: AccountSnapshot;
  let bMarkers: Set<string>;
  let tenant: string[];
  const tally = new ProbeTally();

  /** Whether an answer carries anything of B that the request did not itself name. */
  const leaksB = (call: ProbeCall, answer: ProbeAnswer): string | null => {
    const asked = `${call.url} ${call.payload?.toString() ?? ''}`.toLowerCase();
    if (answer.body.includes(probe.b.marker) && !asked.includes(probe.b.marker)) return `B's marker ${probe.b.marker}`;
    for (const match of answer.body.matchAll(UUID)) {
      const id = match[0].toLowerCase();
      if (bMarkers.has(id) && !asked.includes(id)) return `B's id ${id}`;
    }
    return null;
  };

  /** A fresh token for a member whose token a probed route may have ended (sign-out, password change). */
  const refresh = async (member: TestMember): Promise<void> => {
    const check = await probe.t.request({ url: '/api/account/me', as: member });
    if (check.statusCode === 200) return;
    member.token = await probe.t.kernel.tokens.sign({ sub: member.userId, email: member.email, role: 'authenticated', account_id: member.accountId });
  };

  /** Errors no handler caught while the probe ran: each would have taken `npm start` down (or left it to the safety net). */
  const crashes: string[] = [];
  const onCrash = (error: unknown) => crashes.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  let alive = false;

  beforeAll(async () => {
    process.on('uncaughtExceptionMonitor', onCrash);
    process.on('unhandledRejection', onCrash);
    probe = await bootProbeKernel();
    routes = ordered(registeredRoutes(probe.t.app));
    tenant = await tenantTables(probe.t);
    alpha = await snapshotAccount(probe.t, probe.a.account.id);
    before = await snapshotAccount(probe.t, probe.b.account.id);
    const platform = await snapshotAccount(probe.t, probe.platform.id);
    bMarkers = new Set([...before.uuids].filter((id) => !alpha.uuids.has(id) && !platform.uuids.has(id)));
  }, 300_000);

  afterAll(async () => {
    const line = [
      `routes ${routes?.length ?? 0}`,
      `reached ${probe?.reached.size ?? 0}`,
      `calls ${tally.calls}`,
      `leaks ${tally.count('leak')}`,
      `tokens accepted across sites ${tally.count('token accepted')}`,
      `5xx ${tally.count('server error')}`,
      `stack traces ${tally.count('stack trace')}`,
      `sql texts ${tally.count('sql text')}`,
      `hangs ${tally.count('hang')}`,
      `error bodies without messageKey ${tally.count('error body')}`,
      `crashes ${crashes.length}`,
      `server alive ${alive ? 'yes' : 'no'}`,
    ].join(', ');
    process.off('uncaughtExceptionMonitor', onCrash);
    process.off('unhandledRejection', onCrash);
    process.stdout.write(`\n[route probe] ${line}\n`);
    for (const problem of tally.problems.slice(0, 60)) process.stdout.write(`  ${problem.kind}: ${problem.call} → ${problem.detail}\n`);
    // PROBE_REPORT=file keeps every problem found, for working through a long list.
    if (process.env.PROBE_REPORT) writeFileSync(process.env.PROBE_REPORT, JSON.stringify(tally.problems, null, 2));
    await probe?.close();
  });

  it('can fail: its detectors see B’s data on B’s own site, and a change to B’s rows', async () => {
    const { b, t } = probe;
    const own = await send(
      t,
      tally,
      { route: routes[0] as RegisteredRoute, method: 'GET', url: '/api/lms/courses', headers: {}, variant: 'B reads its own courses' },
      b.account.host,
      b.owner.token,
    );
    expect(own.status).toBe(200);
    expect(leaksB({ route: routes[0] as RegisteredRoute, method: 'GET', url: '/api/lms/courses', headers: {}, variant: '' }, own)).not.toBeNull();
    const changed = await t.request({ method: 'PUT', url: '/api/dashboard/preferences', account: b.account, as: b.owner, payload: { theme: 'night' } });
    expect(changed.statusCode).toBe(200);
    const after = await snapshotAccount(t, b.account.id);
    expect(changedTables(before, after)).toEqual(['member_meta']);
    before = after;
  });

  it('gives both accounts rows in every tenant table', () => {
    const empty = tenant.filter((table) => (before.counts.get(table) ?? 0) === 0 && EMPTY_BY_DESIGN[table] === undefined);
    expect(empty, 'tenant tables without rows of the probed account: add them to the plugin seed or tests/security/site-activity.ts').toEqual([]);
    expect(routes.length).toBeGreaterThan(250);
  });

  it('(a) calls every route as A’s owner and student with B’s ids: nothing of B returned or changed', async () => {
    const { a, b, t } = probe;
    for (const caller of [a.owner, a.student]) {
      for (const route of routes) {
        await refresh(caller);
        for (const call of crossTenantCalls(route, before, b.account.id, caller === a.owner)) {
          const answer = await send(t, tally, call, a.account.host, caller.token);
          const leak = leaksB(call, answer);
          if (leak !== null) tally.record('leak', call, `${caller.role}: ${answer.status} carries ${leak}: ${answer.body.slice(0, 200)}`);
        }
      }
    }
    const after = await snapshotAccount(t, b.account.id);
    expect(changedTables(before, after), 'B’s tables changed by calls on A’s site').toEqual([]);
    expect(tally.problems.filter((problem) => problem.kind === 'leak')).toEqual([]);
  }, 900_000);

  it('(a) refuses A’s tokens on B’s site: a token is never accepted on another account’s host', async () => {
    const { a, b, t } = probe;
    const charlie = await t.createAccount({ name: 'Charlie, a third site' });
    for (const caller of [a.owner, a.student]) {
      await refresh(caller);
      for (const route of routes) {
        const [call] = crossTenantCalls(route, before, b.account.id, false);
        if (call === undefined) continue;
        if (route.config.public === true) {
          // Public routes that read a token themselves (sign-in, storage, realtime): another site's
          // token must get no further than no token at all (asked first, so a write it makes does not
          // turn the token's answer into a refusal). Asked on a third site: anonymous sign-ups and
          // sign-ins there are the site's own business, and B's rows stay as they were.
          const anonymous = await send(t, tally, call, charlie.host);
          const answer = await send(t, tally, call, charlie.host, caller.token);
          if (answer.status < 300 && anonymous.status >= 400)
            tally.record(
              'token accepted',
              call,
              `${caller.role} of A answered ${answer.status} on another site's host where no token gets ${anonymous.status}`,
            );
          continue;
        }
        const answer = await send(t, tally, call, b.account.host, caller.token);
        const redirectToLogin = answer.status >= 300 && answer.status < 400 && String(answer.headers.location ?? '').includes('/login');
        if (answer.status < 400 && !redirectToLogin) tally.record('token accepted', call, `${caller.role} of A answered ${answer.status} on B's host`);
      }
    }
    const after = await snapshotAccount(t, b.account.id);
    expect(changedTables(before, after), 'B’s tables changed by A’s tokens on B’s site').toEqual([]);
    expect(tally.problems.filter((problem) => problem.kind === 'token accepted')).toEqual([]);
  }, 600_000);

  it('(b) answers malformed input on every route with a 4xx: no 5xx, stack trace, SQL text or hang, /api bodies with their messageKey, and stays up', async () => {
    const { a, t, superAdmin, platform } = probe;
    const fuzzUser = await t.createMember(a.account, { role: 'owner' });
    for (const route of routes) {
      await refresh(a.owner);
      await refresh(superAdmin);
      const onPlatform = [route.config.capability].flat().includes('platform_admin');
      const caller = onPlatform ? superAdmin : route.url.startsWith('/auth/v1') ? fuzzUser : a.owner;
      if (caller === fuzzUser) await refresh(fuzzUser);
      for (const call of fuzzCalls(route)) await send(t, tally, call, onPlatform ? platform.host : a.account.host, caller.token);
    }
    const health = await t.app.inject({ url: '/healthz' });
    const me = await t.request({ url: '/api/account/me', as: a.student });
    alive = health.statusCode === 200 && me.statusCode === 200;
    expect(alive, 'the server answers /healthz and a member’s request after the probe').toBe(true);
    expect(crashes, 'errors no handler caught (an npm start process would have exited)').toEqual([]);
    const after = await snapshotAccount(t, probe.b.account.id);
    expect(changedTables(before, after), 'B’s tables changed by malformed calls on A’s site').toEqual([]);
    expect(tally.problems.filter((problem) => problem.kind !== 'leak' && problem.kind !== 'token accepted')).toEqual([]);
  }, 1_200_000);

  it('reached every registered route', () => {
    const missing = routes.filter((route) => !probe.reached.has(routeKey(route))).map(routeKey);
    expect(missing, 'routes the probe did not reach: give their parameters values in tests/security/route-calls.ts').toEqual([]);
  });
});
