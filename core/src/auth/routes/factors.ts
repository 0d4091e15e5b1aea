import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { AuthError, authErrors } from '../auth-error.js';
import type { AuthService } from '../auth-service.js';
import type { AuthLimits } from '../limits/auth-limits.js';
import { factorStore } from '../mfa/factor-store.js';
import { checkTotp, newTotp } from '../mfa/totp.js';
import { userStore } from '../user-store.js';
import { AnyObject, authResponses, SessionSchema } from './schemas.js';

/** How long a challenge may be answered (GoTrue's MFA_CHALLENGE_EXPIRY_DURATION). */
export const CHALLENGE_TTL_SECONDS = 300;
/** Unverified factors older than this are dropped at the next enrollment (GoTrue's MFA_FACTOR_EXPIRY_DURATION). */
const ABANDONED_FACTOR_SECONDS = 300;
/** Factors a user may hold, verified or not (GoTrue's MFA_MAX_ENROLLED_FACTORS). */
const MAX_FACTORS = 10;

const mfaErrors = {
  nameConflict: (name: string) => new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${name}" for this user already exists`),
  tooManyFactors: () => new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue'),
  enrollDisabled: (type: string) =>
    new AuthError(422, `mfa_${type === 'webauthn' ? 'web_authn' : type}_enroll_not_enabled`, `MFA enroll is disabled for ${type}`),
  challengeNotFound: () => new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found'),
  ipMismatch: () => new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.'),
};

const FactorIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

const EnrollResponse = Type.Object({
  id: Type.String(),
  type: Type.String(),
  friendly_name: Type.String(),
  totp: Type.Object({ qr_code: Type.String(), secret: Type.String(), uri: Type.String() }),
});

const ChallengeResponse = Type.Object({ id: Type.String(), type: Type.String(), expires_at: Type.Integer() });

const UnenrollResponse = Type.Object({ id: Type.String() });

/** The session's assurance level as its access token states it. */
function aalOf(request: FastifyRequest): 'aal1' | 'aal2' {
  return request.auth?.aal === 'aal2' ? 'aal2' : 'aal1';
}

/**
 * MFA (TOTP) factors, as GoTrue serves them: enroll, challenge, verify (raises the session to
 * aal2), unenroll. Factors and challenges belong to the platform-wide user (global tables reached
 * only through the auth service's system access); the session being raised belongs to the site.
 */
export function factorRoutes(server: FastifyInstance, auth: AuthService, limits: AuthLimits): void {
  const app = typed(server);
  // Only verifying guesses at a secret (the TOTP code): it counts in the shared store, the rest in memory.
  const rateLimit = limits.signIn;
  app.post(
    '/factors',
    {
      config: { public: true, authLimit: rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Enroll a TOTP factor (unverified until its first challenge is verified)',
        body: Type.Object(
          {
            factor_type: Type.Optional(Type.String({ maxLength: 32 })),
            friendly_name: Type.Optional(Type.String({ maxLength: 256 })),
            issuer: Type.Optional(Type.String({ maxLength: 256 })),
          },
          { additionalProperties: true },
        ),
        response: authResponses({ 200: EnrollResponse }),
      },
    },
    async (request) => {
      const ctx = request.ctx;
      const { userId } = auth.requireUser(request);
      const { factor_type: factorType, issuer } = request.body;
      const friendlyName = request.body.friendly_name ?? '';
      if (factorType === 'phone' || factorType === 'webauthn') throw mfaErrors.enrollDisabled(factorType);
      if (factorType !== 'totp') throw authErrors.validation('factor_type needs to be totp, phone, or webauthn');

      return auth.users(ctx, async (db) => {
        const user = await userStore.findById(db, userId);
        if (user === undefined) throw authErrors.userNotFound();
        await factorStore.deleteAbandoned(db, userId, ABANDONED_FACTOR_SECONDS);
        const factors = await factorStore.list(db, userId);
        // Unverified factors count too. Unnamed factors never conflict with each other.
        if (friendlyName !== '' && factors.some((f) => f.friendly_name === friendlyName)) throw mfaErrors.nameConflict(friendlyName);
        if (factors.length >= MAX_FACTORS) throw mfaErrors.tooManyFactors();
        if (factors.some((f) => f.status === 'verified') && aalOf(request) !== 'aal2') throw authErrors.insufficientAal(403);
        const totp = await newTotp(issuer || request.hostname, user.email || user.phone || user.id);
        const factor = await factorStore.create(db, {
          userId,
          friendlyName: friendlyName === '' ? null : friendlyName,
          factorType: 'totp',
          secret: totp.secret,
        });
        return { id: factor.id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: totp.qrCode, secret: totp.secret, uri: totp.uri } };
      });
    },
  );

  app.post(
    '/factors/:id/challenge',
    {
      config: { public: true, authLimit: rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Start a challenge of one of the user’s factors',
        params: FactorIdParams,
        body: AnyObject,
        response: authResponses({ 200: ChallengeResponse }),
      },
    },
    async (request) => {
      const { userId } = auth.requireUser(request);
      return auth.users(request.ctx, async (db) => {
        const factor = await factorStore.find(db, userId, request.params.id);
        if (factor === undefined) throw authErrors.mfaFactorNotFound();
        const challenge = await factorStore.createChallenge(db, factor.id, request.ip);
        const expiresAt = Math.floor(new Date(challenge.created_at).getTime() / 1000) + CHALLENGE_TTL_SECONDS;
        return { id: challenge.id, type: factor.factor_type, expires_at: expiresAt };
      });
    },
  );

  app.post(
    '/factors/:id/verify',
    {
      config: { public: true, authLimit: limits.guesses },
      schema: {
        tags: ['auth'],
        summary: 'Answer a challenge with a TOTP code: verifies the factor and raises the session to aal2',
        params: FactorIdParams,
        body: Type.Object(
          { challenge_id: Type.Optional(Type.String({ maxLength: 64 })), code: Type.Optional(Type.String({ maxLength: 32 })) },
          { additionalProperties: true },
        ),
        response: authResponses({ 200: SessionSchema }),
      },
    },
    async (request, reply) => {
      const ctx = request.ctx;
      const { userId, sessionId } = auth.requireUser(request);
      if (sessionId === undefined) throw authErrors.sessionNotFound();
      const { challenge_id: challengeId, code } = request.body;
      if (code === undefined || code === '') throw authErrors.validation('Code needs to be non-empty');

      const factor = await auth.users(ctx, async (db) => {
        const found = await factorStore.find(db, userId, request.params.id);
        if (found === undefined) throw authErrors.mfaFactorNotFound();
        const challenge = await factorStore.findChallenge(db, found.id, challengeId ?? '');
        if (challenge === undefined) throw mfaErrors.challengeNotFound();
        if (challenge.verified_at !== null) throw authErrors.mfaChallengeExpired();
        if (challenge.ip !== null && challenge.ip !== request.ip) throw mfaErrors.ipMismatch();
        if (new Date(challenge.created_at).getTime() + CHALLENGE_TTL_SECONDS * 1000 <= Date.now()) throw authErrors.mfaChallengeExpired();
        if (!checkTotp(found.secret, code)) throw authErrors.mfaVerificationFailed();
        // Each challenge answers once, even to two requests racing with the same code.
        if (!(await factorStore.consumeChallenge(db, challenge.id))) throw authErrors.mfaChallengeExpired();
        if (found.status !== 'verified') await factorStore.markVerified(db, found);
        return found;
      });

      const loaded = await auth.loadUser(ctx, userId);
      if (loaded === undefined) throw authErrors.userNotFound();
      const tokens = await auth.sessions.elevate(ctx.db, {
        accountId: ctx.account.id,
        sessionId,
        factorId: factor.id,
        user: loaded.user,
        userJson: loaded.json,
        issuer: auth.issuer(request),
      });
      auth.setCookie(reply, tokens.access_token);
      return tokens;
    },
  );

  app.delete(
    '/factors/:id',
    {
      config: { public: true, authLimit: rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Unenroll one of the user’s factors (a verified one needs an aal2 session)',
        params: FactorIdParams,
        body: AnyObject,
        response: authResponses({ 200: UnenrollResponse }),
      },
    },
    async (request) => {
      const { userId } = auth.requireUser(request);
      return auth.users(request.ctx, async (db) => {
        const factor = await factorStore.find(db, userId, request.params.id);
        if (factor === undefined) throw authErrors.mfaFactorNotFound();
        if (factor.status === 'verified' && aalOf(request) !== 'aal2') throw authErrors.insufficientAal(422);
        await factorStore.remove(db, userId, factor.id);
        return { id: factor.id };
      });
    },
  );
}
