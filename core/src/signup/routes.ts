import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/auth-service.js';
import type { AuthLimits } from '../auth/limits/auth-limits.js';
import { AppError, Errors } from '../errors/errors.js';
import { typed, type TypedApp } from '../http/typed-app.js';
import type { MailSender } from '../mail/mail-sender.js';
import type { FeatureCatalogue } from '../plugins/features.js';
import type { AccountScope, PluginDefinition } from '../plugins/contract.js';
import { Nullable, type Wire } from '../schema/kit.js';
import { createSiteForOwner, signupPasswordAddress } from './create-site.js';
import { SignupAnswer, SignupBody } from './sign-up.js';
import { addressShapeProblem, alternativesTo, slugFromName, takenSlugs, type AddressProblem } from './site-address.js';

const AddressQuery = Type.Object(
  {
    slug: Type.Optional(Type.String({ maxLength: 200, description: 'The address asked for (the part before the platform domain)' })),
    name: Type.Optional(Type.String({ maxLength: 200, description: "The site's name: without `slug`, the address is made from it" })),
  },
  { additionalProperties: false },
);

const ADDRESS_PROBLEMS = ['invalid', 'reserved', 'taken'] as const satisfies readonly AddressProblem[];

export const SiteAddressSchema = Type.Object({
  slug: Type.String({ description: 'The address checked (made from the name when no slug was sent)' }),
  address: Type.String({ description: 'The host the site would answer on: {slug}.{platform domain}' }),
  available: Type.Boolean(),
  reason: Type.Unsafe<AddressProblem | null>({
    type: ['string', 'null'],
    enum: [...ADDRESS_PROBLEMS, null],
    description: 'Why it is not available: not a host label (invalid), kept by the platform (reserved), or taken',
  }),
  suggestion: Nullable(Type.String({ description: 'A free address close to the one asked for, when that one is taken' })),
});

/** GET /api/signup/address's answer (the sign-up form's live check). */
export type SiteAddressWire = Wire<Static<typeof SiteAddressSchema>>;

export interface SignupDeps {
  platformDomain: string;
  auth: AuthService;
  /** The sign-in limits: sign-ups count per client like password sign-ins, and check passwords per address. */
  limits: AuthLimits;
  plugins: readonly PluginDefinition[];
  /** Runs work in an account's own tenancy and transaction (the kernel's inAccount): the new site's plugin set-up. */
  inAccount<T>(accountId: string, work: (scope: AccountScope) => Promise<T>): Promise<T>;
  invalidateMembers: (accountId: string) => Promise<void>;
  catalogue: FeatureCatalogue;
  mail: MailSender;
  invalidateAccount: (id: string) => Promise<void>;
  /** SIGNUP_CONFIRM_EMAIL: the new site stays private until its owner confirms their address. */
  confirmEmail: boolean;
}

/**
 * The platform's self-serve sign-up (issue 18): the live check of a new site's address, and the
 * sign-up that makes the site. Answered only on the platform's own site; on a tenant's site there
 * is nothing to sign up for here.
 */
export async function signupRoutes(server: FastifyInstance, deps: SignupDeps): Promise<void> {
  const app = typed(server);
  deps.limits.install(server);
  app.get(
    '/api/signup/address',
    {
      config: { public: true, authLimit: deps.limits.reads },
      schema: {
        tags: ['signup'],
        summary: "Whether a new site's address is free (from the address, or made from the site's name), with a free alternative when it is taken",
        querystring: AddressQuery,
        response: { 200: SiteAddressSchema },
      },
    },
    async (request) => {
      const ctx = request.ctx;
      if (!ctx.account.isPlatform) throw new AppError(Errors.notFound);
      const { slug: asked, name } = request.query;
      if (asked === undefined && name === undefined) throw new AppError(Errors.validation, 'Send the address (slug) or the site name (name)');
      const slug = asked ?? slugFromName(name ?? '');
      const answer = (reason: AddressProblem | null, suggestion: string | null = null) => ({
        slug,
        address: `${slug}.${deps.platformDomain}`,
        available: reason === null,
        reason,
        suggestion,
      });
      const shape = addressShapeProblem(slug);
      if (shape !== undefined) return answer(shape);
      const candidates = [slug, ...alternativesTo(slug)].filter((candidate) => addressShapeProblem(candidate) === undefined);
      const taken = await ctx.withSystem('signup: is the address free', (db) => takenSlugs(db, candidates));
      if (!taken.has(slug)) return answer(null);
      return answer('taken', candidates.find((candidate) => !taken.has(candidate)) ?? null);
    },
  );
  signupRoute(app, deps);
}

/** POST /api/signup: the site, its owner and their trial in one transaction; then the welcome and the hand-off. */
function signupRoute(app: TypedApp, deps: SignupDeps): void {
  app.post(
    '/api/signup',
    {
      // Each sign-up may check a password: counted per client like password sign-ins (shared by every instance).
      config: { public: true, authLimit: deps.limits.guesses },
      // A sign-up at an address that already has a password is a guess at it: counted per address, as
      // password sign-ins are, outside the request's transaction (the counters may be a second connection).
      preHandler: async (request, reply) => {
        await deps.limits.passwordAttempt(reply, signupPasswordAddress(request.body.email));
      },
      schema: {
        tags: ['signup'],
        summary: "Make a new site on a plan's trial with its owner, e-mail a welcome, and answer a one-time link to its dashboard",
        body: SignupBody,
        response: { 201: SignupAnswer },
      },
    },
    async (request, reply) => {
      if (!request.ctx.account.isPlatform) throw new AppError(Errors.notFound);
      const answer = await createSiteForOwner(request, deps, request.body);
      reply.code(201);
      return answer;
    },
  );
}
