import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError, Errors } from '../errors/errors.js';
import { typed } from '../http/typed-app.js';
import { DEFAULT_AUTH_SETTINGS } from '../options/options-service.js';
import { StringEnum, type Wire } from '../schema/kit.js';
import type { ProviderRow } from './oauth/upstream.js';
import { PASSWORD_CHARACTER_RULES } from './password-policy.js';

/** The site's sign-in settings: the GET answer has every one (defaults filled in), a PUT changes those it names. */
export const AuthSettingsSchema = Type.Object(
  {
    autoconfirm: Type.Optional(Type.Boolean({ description: 'Sign-ups are confirmed at once (no confirmation email)' })),
    signupEnabled: Type.Optional(Type.Boolean()),
    anonymousEnabled: Type.Optional(Type.Boolean()),
    redirectUrls: Type.Optional(Type.Array(Type.String({ pattern: '^https?://', maxLength: 2048 }), { maxItems: 50 })),
    otpTtlSeconds: Type.Optional(Type.Integer({ minimum: 60, maximum: 86400 })),
    passwordMinLength: Type.Optional(Type.Integer({ minimum: 6, maximum: 128, description: 'Shortest password accepted (GoTrue allows 6 and up)' })),
    passwordRequiredCharacters: Type.Optional(
      StringEnum(PASSWORD_CHARACTER_RULES, {
        description: 'Character kinds a password needs: none, letters and digits, lower/upper case and digits, or those and symbols',
      }),
    ),
    passwordCheckCommon: Type.Optional(Type.Boolean({ description: 'Refuse passwords on the list of common and breached passwords' })),
    securePasswordChange: Type.Optional(
      Type.Boolean({ description: 'A password change needs a sign-in within 24 hours or the code from /auth/v1/reauthenticate' }),
    ),
  },
  { additionalProperties: false },
);

const ProviderKind = StringEnum(['oauth', 'sso']);

export const AuthProviderSchema = Type.Object({
  id: Type.String(),
  kind: ProviderKind,
  issuer: Type.String(),
  client_id: Type.String(),
  scopes: Type.String(),
  domains: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  // Last, as the schema always listed it among the required keys.
  has_secret: Type.Boolean(),
});

export const AuthProviderBody = Type.Object(
  {
    kind: ProviderKind,
    issuer: Type.String({ pattern: '^https?://', maxLength: 2048 }),
    client_id: Type.String({ minLength: 1, maxLength: 512 }),
    client_secret: Type.Optional(Type.String({ maxLength: 1024 })),
    scopes: Type.Optional(Type.String({ maxLength: 512 })),
    domains: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z0-9.-]+\\.[a-z]{2,}$', maxLength: 253 }), { maxItems: 100 })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** Wire types (screens that set up sign-in). */
export type AuthSettingsWire = Wire<Static<typeof AuthSettingsSchema>>;
export type AuthProviderWire = Wire<Static<typeof AuthProviderSchema>>;
export type AuthProviderBodyWire = Wire<Static<typeof AuthProviderBody>>;

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
export async function authSettingsRoutes(server: FastifyInstance, opts: { development: boolean }): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/account/auth-settings',
    { config: { capability: 'manage_options' }, schema: { tags: ['account'], summary: "The site's sign-in settings", response: { 200: AuthSettingsSchema } } },
    async (request) => ({ ...DEFAULT_AUTH_SETTINGS, ...(await request.ctx.options.get('auth', {})) }),
  );

  app.put(
    '/api/account/auth-settings',
    {
      config: { capability: 'manage_options' },
      schema: { tags: ['account'], summary: 'Change sign-in settings', body: AuthSettingsSchema, response: { 200: AuthSettingsSchema } },
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
        response: { 200: Type.Object({ providers: Type.Optional(Type.Array(AuthProviderSchema)) }) },
      },
    },
    async (request) => {
      const rows = (await request.ctx.db.selectFrom('auth_providers').selectAll().orderBy('id').execute()) as ProviderRow[];
      return { providers: rows.map(present) };
    },
  );

  app.put(
    '/api/account/auth-providers/:id',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: 'Add or change an OAuth or SSO provider',
        params: Type.Object({ id: Type.String({ pattern: '^[a-z][a-z0-9_-]{1,39}$' }) }),
        body: AuthProviderBody,
        response: { 200: AuthProviderSchema },
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

  app.delete(
    '/api/account/auth-providers/:id',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: 'Remove an OAuth or SSO provider',
        params: Type.Object({ id: Type.String({ maxLength: 40 }) }),
        response: { 200: Type.Object({ status: Type.Optional(Type.Boolean()) }) },
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
