import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/errors.js';
import { describeError } from '../../errors/handler.js';
import { AuthError, authErrorBody, authErrors } from '../auth-error.js';

const API_VERSION = 'X-Supabase-Api-Version';

/** Kernel errors met inside the auth API, as GoTrue would answer them. */
const KERNEL_TO_GOTRUE: Record<string, { status: number; code: string }> = {
  invalid_token: { status: 403, code: 'bad_jwt' },
  session_ended: { status: 403, code: 'session_not_found' },
  not_authenticated: { status: 401, code: 'no_authorization' },
  rate_limited: { status: 429, code: 'over_request_rate_limit' },
  validation_failed: { status: 400, code: 'validation_failed' },
  account_not_found: { status: 404, code: 'not_found' },
  not_found: { status: 404, code: 'not_found' },
};

/**
 * What makes a Fastify scope speak GoTrue: bodies may be empty (the client posts logout and
 * deletes factors with an empty JSON body), errors carry `code`/`error_code`/`msg`, and the API
 * version header is echoed so the client reads the new-style codes.
 */
export function makeGoTrueScope(scope: FastifyInstance): void {
  // The kernel's JSON parser already reads an empty body as {} and refuses prototype poisoning.
  scope.addHook('onSend', async (request, reply) => {
    const asked = request.headers[API_VERSION.toLowerCase()];
    reply.header(API_VERSION, typeof asked === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : '2024-01-01');
  });
  scope.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const authError = toAuthError(error);
    if (authError.statusCode >= 500) request.log.error({ err: error }, 'auth request failed');
    return reply.status(authError.statusCode).type('application/json; charset=utf-8').send(authErrorBody(authError));
  });
}

function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (error instanceof AppError) {
    const mapped = KERNEL_TO_GOTRUE[error.code];
    // session_not_found makes supabase-js drop its session (SIGNED_OUT); the message and reason
    // tell the front end why, so it can show errors.singleSession.
    if (error.code === 'single_session') return authErrors.singleSession();
    return new AuthError(mapped?.status ?? error.statusCode, mapped?.code ?? error.code, error.message);
  }
  const { body } = describeError(error);
  const mapped = KERNEL_TO_GOTRUE[body.error];
  if (body.statusCode >= 500) return new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
  return new AuthError(mapped?.status ?? body.statusCode, mapped?.code ?? body.error, body.message);
}
