import type { FastifyInstance } from 'fastify';
import { typed } from '../http/typed-app.js';
import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { SIGN_IN_MAIL } from '../mail/outbox.js';
import type { Account } from '../tenancy/account.js';
import { DismissBody, SetupResponse } from './schemas.js';

declare module '../options/options-service.js' {
  interface OptionTypes {
    /** The owner hid the onboarding checklist (/dashboard/setup). */
    'setup.dismissed': boolean;
  }
}

/** The account's state the checklist reads, in one query. */
interface SetupState {
  sitetitle: string | null;
  logo: string | null;
  custom_domain: string | null;
  members: number;
  auth_saved: boolean;
  mailed: boolean;
}

/**
 * The onboarding steps, in the order the checklist shows them. `key` is an i18n key; `path` is the
 * dashboard screen where the owner completes the step.
 */
export const SETUP_STEPS: ReadonlyArray<{ key: string; path: string; done(state: SetupState, account: Account): boolean }> = [
  { key: 'site_title', path: '/dashboard/manage/site', done: (s) => filled(s.sitetitle) },
  { key: 'logo', path: '/dashboard/manage/site', done: (s) => filled(s.logo) },
  { key: 'invite_member', path: '/dashboard/manage/users', done: (s) => s.members > 1 },
  { key: 'custom_domain', path: '/dashboard/manage/site', done: (s) => filled(s.custom_domain) },
  // Switched on and included in the plan: a switch the plan no longer covers does nothing.
  {
    key: 'addons',
    path: '/dashboard/addons',
    done: (_, account) => Object.entries(account.featureSwitches).some(([f, on]) => on === true && account.features.has(f)),
  },
  { key: 'auth_settings', path: '/dashboard/manage/users', done: (s) => s.auth_saved },
  { key: 'first_email', path: '/dashboard/manage/marketing/emails', done: (s) => s.mailed },
];

const filled = (value: string | null) => typeof value === 'string' && value.trim() !== '';

async function readState(db: AnyDb, accountId: string): Promise<SetupState> {
  // Settings are read from the row (not the account cache) so a change shows on the next load.
  const { rows } = await sql<SetupState>`
    SELECT a.settings->>'sitetitle' AS sitetitle,
           a.settings->>'logo' AS logo,
           a.custom_domain,
           (SELECT count(*)::int FROM (SELECT 1 FROM members WHERE account_id = a.id LIMIT 2) AS m) AS members,
           EXISTS (SELECT 1 FROM options WHERE account_id = a.id AND key = 'auth') AS auth_saved,
           -- Sign-in codes are the platform's mail, not the owner's first email.
           EXISTS (SELECT 1 FROM mail_outbox WHERE account_id = a.id AND type IS DISTINCT FROM ${SIGN_IN_MAIL}) AS mailed
      FROM accounts AS a
     WHERE a.id = ${accountId}`.execute(db);
  return rows[0] ?? { sitetitle: null, logo: null, custom_domain: null, members: 0, auth_saved: false, mailed: false };
}

/** /dashboard/setup: the onboarding checklist worked out from the account's real state. */
export async function setupRoutes(server: FastifyInstance): Promise<void> {
  const app = typed(server);
  const checklist = async (db: AnyDb, account: Account, dismissed: boolean) => {
    const state = await readState(db, account.id);
    const steps = SETUP_STEPS.map((step) => ({ key: step.key, done: step.done(state, account), path: step.path }));
    return { steps, done_count: steps.filter((s) => s.done).length, total: steps.length, dismissed };
  };

  app.get(
    '/api/account/setup',
    {
      config: { capability: 'manage_options' },
      schema: { tags: ['account'], summary: 'The onboarding checklist', response: { 200: SetupResponse } },
    },
    async (request) => {
      const ctx = request.ctx;
      return checklist(ctx.db, ctx.account, (await ctx.options.get('setup.dismissed', false)) === true);
    },
  );

  app.put(
    '/api/account/setup/dismiss',
    {
      config: { capability: 'manage_options' },
      schema: { tags: ['account'], summary: 'Hide or show the onboarding checklist', body: DismissBody, response: { 200: SetupResponse } },
    },
    async (request) => {
      const ctx = request.ctx;
      await ctx.options.set('setup.dismissed', request.body.dismissed);
      return checklist(ctx.db, ctx.account, request.body.dismissed);
    },
  );
}
