import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, Errors, type ErrorDefinition } from './errors.js';

/** The body of every error of Lectern's own API: the code clients branch on, the i18n key front ends translate, an English fallback. */
export interface ErrorBody {
  error: string;
  messageKey: string;
  message: string;
  statusCode: number;
  details?: unknown;
}

/** The schema of every error body, referenced from route responses and the OpenAPI document. */
export const errorBodySchema = Type.Object(
  {
    error: Type.String({ description: 'Stable error code' }),
    messageKey: Type.String({ description: 'i18n key of the message (errors.notFound, cart.couponExpired, …)' }),
    message: Type.String({ description: 'English message, the fallback when the key has no translation' }),
    statusCode: Type.Integer(),
    details: Type.Optional(Type.Unknown()),
  },
  { $id: 'ErrorBody' },
);

/** Fastify's own error codes mapped onto our catalogue, so clients never see framework codes. */
const FRAMEWORK_ERRORS: Record<string, ErrorDefinition> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: Errors.unsupportedMediaType,
  FST_ERR_CTP_BODY_TOO_LARGE: Errors.payloadTooLarge,
  FST_ERR_CTP_EMPTY_JSON_BODY: Errors.badRequest,
  FST_ERR_CTP_INVALID_JSON_BODY: Errors.badRequest,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: Errors.badRequest,
  FST_ERR_BAD_URL: Errors.badRequest,
  FST_ERR_ASYNC_CONSTRAINT: Errors.badRequest,
};

/** Other 4xx errors of Fastify and its plugins, by status, so a code keeps the one status the catalogue gives it. */
const BY_STATUS: Record<number, ErrorDefinition> = {
  400: Errors.badRequest,
  401: Errors.notAuthenticated,
  403: Errors.forbidden,
  404: Errors.notFound,
  405: Errors.methodNotAllowed,
  409: Errors.conflict,
  413: Errors.payloadTooLarge,
  415: Errors.unsupportedMediaType,
};

export function toErrorBody(error: AppError | ErrorDefinition, message?: string, details?: unknown): ErrorBody {
  const body: ErrorBody = { error: error.code, messageKey: error.messageKey, message: message ?? error.message, statusCode: error.statusCode };
  if (details !== undefined) body.details = details;
  return body;
}

/** Maps any thrown value to a catalogue body; unknown failures become a logged 500 without internals. */
export function describeError(error: unknown): { body: ErrorBody; unexpected: boolean } {
  if (error instanceof AppError) {
    return { body: toErrorBody(error, error.message, error.details), unexpected: false };
  }
  const fastifyError = error as Partial<FastifyError> & { validation?: Array<{ instancePath?: string; message?: string; params?: unknown }> };
  if (Array.isArray(fastifyError.validation)) {
    const context = fastifyError.validationContext ?? 'body';
    const details = fastifyError.validation.map((issue) => ({
      in: context,
      path: issue.instancePath || '/',
      message: issue.message ?? 'is invalid',
    }));
    const first = details[0];
    const message = first ? `${context}${first.path === '/' ? '' : first.path} ${first.message}` : Errors.validation.message;
    return { body: toErrorBody(Errors.validation, message, details), unexpected: false };
  }
  const database = describeDatabaseError(error);
  if (database !== undefined) return { body: database, unexpected: false };
  const mapped = fastifyError.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
  if (mapped) return { body: toErrorBody(mapped), unexpected: false };
  if (fastifyError.statusCode === 429) return { body: toErrorBody(Errors.rateLimited), unexpected: false };
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const definition = BY_STATUS[status];
    // A status the catalogue has no entry for (406, 414…) keeps its status under bad_request.
    return { body: definition === undefined ? { ...toErrorBody(Errors.badRequest), statusCode: status } : toErrorBody(definition), unexpected: false };
  }
  return { body: toErrorBody(Errors.internal), unexpected: true };
}

/**
 * PostgreSQL refusals a client can cause (another account's row, a duplicate, a dangling reference,
 * a malformed value) become 4xx answers; the database's wording stays in the log.
 */
const DATABASE_ERRORS: Record<string, ErrorDefinition> = {
  '42501': Errors.forbidden, // insufficient privilege, including row-level security refusals
  '23505': Errors.conflict, // unique violation
  '23503': Errors.conflict, // foreign key violation
  '23514': Errors.validation, // check violation
  '23502': Errors.validation, // not-null violation
  '22P02': Errors.validation, // invalid text representation (e.g. a bad uuid)
  '22001': Errors.validation, // value too long
  '22003': Errors.validation, // numeric out of range
  // Values a request can carry that a column cannot take (the edge refuses most of them first).
  '22021': Errors.validation, // invalid byte sequence (a NUL byte in text)
  '22P05': Errors.validation, // untranslatable character (\u0000 in jsonb)
  '22007': Errors.validation, // invalid datetime format
  '22008': Errors.validation, // datetime field overflow
  '22019': Errors.validation, // invalid escape character (LIKE … ESCAPE)
  '22025': Errors.validation, // invalid escape sequence (LIKE patterns)
  // Two transactions crossed; the database rolled this one back and nothing was written.
  '40P01': Errors.conflict, // deadlock detected
  '40001': Errors.conflict, // serialization failure
};

function describeDatabaseError(error: unknown): ErrorBody | undefined {
  const candidate = error as { code?: unknown; severity?: unknown; routine?: unknown };
  if (typeof candidate.code !== 'string' || (candidate.severity === undefined && candidate.routine === undefined)) return undefined;
  const definition = DATABASE_ERRORS[candidate.code];
  return definition === undefined ? undefined : toErrorBody(definition);
}

/**
 * Fastify's `frameworkErrors` option: errors met before any route is chosen (a URL that is not
 * valid UTF-8, a failed constraint) get the catalogue body too, not Fastify's own
 * `{ error: "Bad Request", code: "FST_ERR_BAD_URL" }`.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { body } = describeError(error);
  request.log.info({ code: body.error, statusCode: body.statusCode }, body.message);
  void reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { body, unexpected } = describeError(error);
    if (unexpected) request.log.error({ err: error }, 'unhandled error');
    else request.log.info({ code: body.error, statusCode: body.statusCode }, body.message);
    return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send(toErrorBody(Errors.notFound, `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}
