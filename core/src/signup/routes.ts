import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../errors/errors.js';
import { typed } from '../http/typed-app.js';
import { Nullable, type Wire } from '../schema/kit.js';
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

/**
 * The platform's sign-up, piece by piece (issue 18): first the live check of a new site's address.
 * Answered only on the platform's own site; on a tenant's site there is nothing to sign up for here.
 */
export async function signupRoutes(server: FastifyInstance, deps: { platformDomain: string }): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/signup/address',
    {
      config: { public: true },
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
}
