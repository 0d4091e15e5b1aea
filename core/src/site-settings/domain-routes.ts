import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { AppError, Errors } from '../errors/errors.js';
import type { RequestContext } from '../tenancy/request-context.js';
import { challengeName, domainClaims, GRACE_FAILURES } from './domain-claims.js';
import { checkDomainProof } from './domain-proof.js';
import { normalizeCustomDomain } from './domain.js';
import { typed } from '../http/typed-app.js';
import { DomainBody, SiteResponse, VerifyBody } from './schemas.js';
import { siteRowOf, siteView } from './site-view.js';
import type { SiteSettingsDeps } from './index.js';

/** DNS names are at most 253 characters, and the proof record sits under the domain. */
const MAX_VERIFIABLE = 253 - challengeName('').length;
/** Domain checks a site may ask for per minute. */
const VERIFY_PER_MINUTE = 10;

/** The site's allowance, whichever of its addresses it is reached at (a host naming no site: by the host). */
const verifyKey = (request: FastifyRequest) => `domain-verify:${request.account?.id ?? request.hostname.toLowerCase()}`;

/**
 * Whether another account is served on `domain` now (a verified domain is its holder's). Requests
 * see only their own account row, so this one question is asked with system access.
 */
async function heldByAnother(ctx: RequestContext, domain: string): Promise<boolean> {
  const holder = await ctx.withSystem('custom domain: is it served by another site', (db) =>
    db.selectFrom('accounts').select('id').where('custom_domain', '=', domain).where('id', '<>', ctx.account.id).executeTakeFirst(),
  );
  return holder !== undefined;
}

/**
 * Serves the request's account at `domain` (null: at its platform address only). The unique index
 * refuses a domain another site is served on (409 domain_taken), which also decides a race between
 * two verifying accounts. A change purges the account's cached hosts once it commits.
 */
async function serveDomain(request: FastifyRequest, deps: SiteSettingsDeps, domain: string | null): Promise<void> {
  const { db, account } = request.ctx;
  try {
    await db
      .updateTable('accounts')
      .set({ custom_domain: domain, updated_at: sql`now()` })
      .where('id', '=', account.id)
      .execute();
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') throw new AppError(Errors.domainTaken);
    throw error;
  }
  if (account.customDomain !== domain) request.ctx.afterCommit(() => deps.invalidateAccount(account.id));
}

/**
 * The custom domain (SPEC §5; DECISIONS "Domains and TLS"): PUT sets it and gives the TXT record
 * that proves control, POST …/verify looks the record up and, when it holds the token, serves the
 * site there. Until then the domain answers 404 account_not_found, and a domain another site
 * already verified cannot be claimed (409 domain_taken).
 */
export async function domainRoutes(server: FastifyInstance, deps: SiteSettingsDeps): Promise<void> {
  const app = typed(server);
  app.put(
    '/api/account/site/domain',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: "Set or clear the site's custom domain",
        description:
          'A domain name (lower-cased, trailing dot removed) that is not the platform domain or under it; null clears it and the ' +
          'site is served at {slug}.{platform domain} only (SPEC §5). A new domain is not served until it is verified: publish the ' +
          'TXT record domain_status.record names, then call POST /api/account/site/domain/verify. Setting the domain the site ' +
          'already has changes nothing; any other change stops serving the old domain at once. Errors: invalid_domain (400), ' +
          'domain_taken (409: another site is served on it).',
        body: DomainBody,
        response: { 200: SiteResponse },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const given = request.body.custom_domain;
      const served = account.customDomain;
      let claim = await domainClaims.find(db, account.id);
      // Any change of domain stops serving the old one at once.
      let nowServed = served;
      if (given === null) {
        await domainClaims.remove(db, account.id);
        claim = null;
        nowServed = null;
      } else {
        const domain = normalizeCustomDomain(given, deps.platformDomain);
        if (domain.length > MAX_VERIFIABLE)
          throw new AppError(Errors.invalidDomain, `A custom domain has at most ${MAX_VERIFIABLE} characters, so that its proof record fits in DNS`);
        if (claim?.domain !== domain) {
          if (await heldByAnother(request.ctx, domain)) throw new AppError(Errors.domainTaken);
          // A domain the platform assigned (served without a claim) is verified already.
          claim = await domainClaims.replace(db, account.id, domain, served === domain ? 'verified' : 'pending');
          if (served !== domain) nowServed = null;
        }
      }
      if (nowServed !== served) await serveDomain(request, deps, nowServed);
      return siteView({ ...siteRowOf(account), custom_domain: nowServed }, claim);
    },
  );

  app.post(
    '/api/account/site/domain/verify',
    {
      // A lookup can take seconds and the request's transaction stays open meanwhile (on the
      // embedded database that holds every other request back): a few checks a minute per site.
      config: { capability: 'manage_options', rateLimit: { max: VERIFY_PER_MINUTE, timeWindow: '1 minute', keyGenerator: verifyKey } },
      schema: {
        tags: ['account'],
        summary: 'Check the custom domain’s TXT record and serve the site there when it holds the token',
        description:
          `Looks up the TXT record at ${challengeName('{domain}')} through the platform's resolver. When one holds the token ` +
          '(domain_status.record.value) the domain is verified and served at once; otherwise the answer says what was found in ' +
          'domain_status.last_error and nothing else changes. A verified domain is re-checked daily; after ' +
          `${GRACE_FAILURES} failed checks in a row (the owner is alerted on each) it stops being served. Errors: not_found (404: no ` +
          'custom domain set), domain_taken (409: another site verified the domain first).',
        body: VerifyBody,
        response: { 200: SiteResponse },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const claim = await domainClaims.find(db, account.id);
      if (claim === null) throw new AppError(Errors.notFound, 'The site has no custom domain to verify; set one first');
      const proof = await checkDomainProof(deps.resolver, claim.domain, claim.token);
      if (!proof.ok) {
        // Only the daily re-checks count against a verified domain; asking now records the answer.
        const checked = await domainClaims.update(db, account.id, { last_error: proof.message, checked: true });
        return siteView(siteRowOf(account), checked);
      }
      await serveDomain(request, deps, claim.domain);
      const verified = await domainClaims.update(db, account.id, {
        status: 'verified',
        failures: 0,
        last_error: null,
        checked: true,
        ...(claim.status === 'pending' ? { verified: true } : {}),
      });
      return siteView({ ...siteRowOf(account), custom_domain: claim.domain }, verified);
    },
  );
}
