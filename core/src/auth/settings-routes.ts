import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError, Errors } from '../errors/errors.js';
import { DEFAULT_AUTH_SETTINGS, type AuthSettings } from '../options/options-service.js';
import type { ProviderRow } from './oauth/upstream.js';
import { PASSWORD_CHARACTER_RULES } from './password-policy.js';

const Settings = {
  type: 'object',
  additionalProperties: false,
  properties: {
    autoconfirm: { type: 'boolean', description: 'Sign-ups are confirmed at once (no confirmation email)' },
    signupEnabled: { type: 'boolean' },
    anonymousEnabled: { type: 'boolean' },
    redirectUrls: { type: 'array', maxItems: 50, items: { type: 'string', pattern: '^https?://', maxLength: 2048 } },
    otpTtlSeconds: { type: 'integer', minimum: 60, maximum: 86400 },
    passwordMinLength: { type: 'integer', minimum: 6, maximum: 128, description: 'Shortest password accepted (GoTrue allows 6 and up)' },
    passwordRequiredCharacters: {
      type: 'string',
      enum: PASSWORD_CHARACTER_RULES,
      description: 'Character kinds a password needs: none, letters and digits, lower/upper case and digits, or those and symbols',
    },
    passwordCheckCommon: { type: 'boolean', description: 'Refuse passwords on the list of common and breached passwords' },
    securePasswordChange: { type: 'boolean', description: 'A password change needs a sign-in within 24 hours or the code from /auth/v1/reauthenticate' },
  },
} as const;

const Provider = {
  type: 'object',
  required: ['id', 'kind', 'issuer', 'client_id', 'scopes', 'domains', 'enabled', 'has_secret'],
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: ['oauth', 'sso'] },
    issuer: { type: 'string' },
    client_id: { type: 'string' },
    has_secret: { type: 'boolean' },
    scopes: { type: 'string' },
    domains: { type: 'array', items: { type: 'string' } },
    enabled: { type: 'boolean' },
  },
} as const;

interface ProviderBody {
  kind: 'oauth' | 'sso';
  issuer: string;
  client_id: string;
  client_secret?: string;
  scopes?: string;
  domains?: string[];
  enabled?: boolean;
}

const present = (row: ProviderRow) => ({
  id: row.id,
  kind: row.kind,
  issuer: row.issuer,
  client_id: row.client_id,
  has_secret: row.client_secret !== null && row.client_secret !== '',
  scopes: row.scopes,
  domains: row.domains,
  enabled: row.enabled,
});

/**
 * The kernel fetches an issuer's discovery document and keys, so owners must not be able to aim it
 * at the platform's own network: outside development an issuer is https, and everywhere its host
 * must pass the outbound guard (no loopback, private or metadata address, in any spelling, unless
 * OUTBOUND_ALLOW lists it), checked on saving without connecting and again on every fetch.
 */
function issuerProblem(issuer: string, development: boolean): string | undefined {
  if (development) return undefined;
  const url = new URL(issuer);
  if (url.protocol !== 'https:') return 'The issuer must use https';
  return undefined;
}

/** Owners set how people sign in to their site: confirmation, sign-ups, redirects, OAuth and SSO providers. */
export async function authSettingsRoutes(app: FastifyInstance, opts: { development: boolean }): Promise<void> {
  app.get(
    '/api/account/auth-settings',
    { config: { capability: 'manage_options' }, schema: { tags: ['account'], summary: "The site's sign-in settings", response: { 200: Settings } } },
    async (request) => ({ ...DEFAULT_AUTH_SETTINGS, ...(await request.ctx.options.get('auth', {})) }),
  );

  app.put<{ Body: Partial<AuthSettings> }>(
    '/api/account/auth-settings',
    {
      config: { capability: 'manage_options' },
      schema: { tags: ['account'], summary: 'Change sign-in settings', body: Settings, response: { 200: Settings } },
    },
    async (request) => {
      const next = { ...(await request.ctx.options.get('auth', {})), ...request.body };
      await request.ctx.options.set('auth', next);
      return { ...DEFAULT_AUTH_SETTINGS, ...next };
    },
  );

  app.get(
    '/api/account/auth-providers',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: 'OAuth and SSO providers (secrets are never shown)',
        response: { 200: { type: 'object', properties: { providers: { type: 'array', items: Provider } } } },
      },
    },
    async (request) => {
      const rows = (await request.ctx.db.selectFrom('auth_providers').selectAll().orderBy('id').execute()) as ProviderRow[];
      return { providers: rows.map(present) };
    },
  );

  app.put<{ Params: { id: string }; Body: ProviderBody }>(
    '/api/account/auth-providers/:id',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: 'Add or change an OAuth or SSO provider',
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[a-z][a-z0-9_-]{1,39}$' } } },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'issuer', 'client_id'],
          properties: {
            kind: { type: 'string', enum: ['oauth', 'sso'] },
            issuer: { type: 'string', pattern: '^https?://', maxLength: 2048 },
            client_id: { type: 'string', minLength: 1, maxLength: 512 },
            client_secret: { type: 'string', maxLength: 1024 },
            scopes: { type: 'string', maxLength: 512 },
            domains: { type: 'array', maxItems: 100, items: { type: 'string', pattern: '^[a-z0-9.-]+\\.[a-z]{2,}$', maxLength: 253 } },
            enabled: { type: 'boolean' },
          },
        },
        response: { 200: Provider },
      },
    },
    async (request) => {
      const { ctx } = request;
      const body = request.body;
      if (body.kind === 'sso' && (body.domains ?? []).length === 0) throw new AppError(Errors.validation, 'An SSO provider needs at least one email domain');
      const problem = issuerProblem(body.issuer, opts.development);
      if (problem !== undefined) throw new AppError(Errors.validation, problem);
      // 400 address_not_allowed naming the refused address (IP literals in any spelling, *.localhost);
      // host names are judged by their DNS answer each time the server fetches from the issuer.
      await app.kernel.outbound.screen(body.issuer);
      const row = (await ctx.db
        .insertInto('auth_providers')
        .values({
          account_id: ctx.account.id,
          id: request.params.id,
          kind: body.kind,
          issuer: body.issuer,
          client_id: body.client_id,
          client_secret: body.client_secret ?? null,
          scopes: body.scopes ?? 'openid email profile',
          domains: JSON.stringify(body.domains ?? []),
          enabled: body.enabled ?? true,
        })
        .onConflict((oc) =>
          oc.columns(['account_id', 'id']).doUpdateSet({
            kind: body.kind,
            issuer: body.issuer,
            client_id: body.client_id,
            // Leaving the secret out keeps the stored one: owners never see it to send it back.
            client_secret: body.client_secret === undefined ? sql`auth_providers.client_secret` : body.client_secret,
            scopes: body.scopes ?? 'openid email profile',
            domains: JSON.stringify(body.domains ?? []),
            enabled: body.enabled ?? true,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow()) as ProviderRow;
      return present(row);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/account/auth-providers/:id',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: 'Remove an OAuth or SSO provider',
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 40 } } },
        response: { 200: { type: 'object', properties: { status: { type: 'boolean' } } } },
      },
    },
    async (request) => {
      const result = await request.ctx.db
        .deleteFrom('auth_providers')
        .where('account_id', '=', request.ctx.account.id)
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (result.numDeletedRows === 0n) throw new AppError(Errors.notFound, 'There is no provider with this id');
      return { status: true };
    },
  );
}
