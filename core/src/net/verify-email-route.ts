import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AppError, Errors } from '../errors/errors.js';
import { typed } from '../http/typed-app.js';
import { pluginLimits } from '../plans/plugin-limits.js';
import { StringEnum } from '../schema/kit.js';
import { checkEmailAddress } from './email-check.js';
import type { DnsResolver } from './resolver.js';

/** Checks a minute per client address and site: each is a DNS lookup and a unit of the plan's monthly allowance. */
const CHECKS_PER_MINUTE = 20;

const VerifyBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 320 }),
    account_id: Type.Optional(Type.String({ format: 'uuid', description: "The site's id, when given: must be the site the request is addressed to" })),
  },
  { additionalProperties: false },
);

const VerifyAnswer = Type.Object(
  {
    status: StringEnum(['valid', 'invalid'] as const),
    email: Type.Optional(Type.String({ description: 'The address as mail will be sent to it (domain lower-cased)' })),
    reason: Type.Optional(
      StringEnum(['format', 'domain_not_found', 'no_mail_server', 'lookup_failed'] as const, {
        description: 'Why it is invalid: format (SPEC §5), no such domain, a domain that takes no mail, or a lookup that did not finish (try again)',
      }),
    ),
  },
  { additionalProperties: false },
);

/**
 * SPEC §7 POST /api/verifyEmail: whether mail can reach an address (DECISIONS.md: the format, then
 * the domain's mail servers through the kernel's resolver). Public, as forms ask it for their
 * visitors; each check counts against the plan's monthly e-mail verifications (SPEC §9 email_verify)
 * and a client gets a few a minute. A failed verification creates nothing: the marketing plugin makes
 * contacts only from addresses this check passes (ctx.net.checkEmail).
 */
export async function verifyEmailRoutes(server: FastifyInstance, deps: { resolver: DnsResolver }): Promise<void> {
  const app = typed(server);
  const limits = pluginLimits();
  app.post(
    '/api/verifyEmail',
    {
      config: {
        public: true,
        rateLimit: { max: CHECKS_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (request) => `verify-email:${request.hostname}:${request.ip}` },
      },
      schema: {
        tags: ['mail'],
        summary: 'Check that mail can reach an address (its format, then its domain’s mail servers)',
        description:
          'Counts one e-mail verification of the plan’s monthly allowance (403 plan_limit_reached when it is used up). ' +
          'Answers {status: "valid", email} or {status: "invalid", reason}; nothing is stored.',
        body: VerifyBody,
        response: { 200: VerifyAnswer },
      },
    },
    async (request) => {
      const { ctx } = request;
      if (request.body.account_id !== undefined && request.body.account_id !== ctx.account.id)
        throw new AppError(Errors.validation, 'account_id is not the site this request is addressed to');
      await limits.consume({ db: ctx.db, account: ctx.account }, 'emailverifications');
      const check = await checkEmailAddress(deps.resolver, request.body.email);
      return check.valid ? { status: 'valid' as const, email: check.address } : { status: 'invalid' as const, reason: check.reason };
    },
  );
}
