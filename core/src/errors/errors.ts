/**
 * The kernel's error catalogue. Each entry has a stable code (what clients branch on), an HTTP
 * status and an i18n message key; the English message is the fallback shown in the body.
 */
export interface ErrorDefinition {
  code: string;
  statusCode: number;
  messageKey: string;
  message: string;
}

export class AppError extends Error {
  readonly code: string;
  readonly statusCode: number;
  readonly messageKey: string;
  readonly details?: unknown;

  constructor(definition: ErrorDefinition, message?: string, details?: unknown) {
    super(message ?? definition.message);
    this.name = 'AppError';
    this.code = definition.code;
    this.statusCode = definition.statusCode;
    this.messageKey = definition.messageKey;
    this.details = details;
  }
}

function define(code: string, statusCode: number, messageKey: string, message: string): ErrorDefinition {
  return Object.freeze({ code, statusCode, messageKey, message });
}

export const Errors = {
  validation: define('validation_failed', 400, 'errors.validation', 'The request is not valid'),
  badRequest: define('bad_request', 400, 'errors.badRequest', 'The request could not be understood'),
  invalidAutomation: define(
    'invalid_automation',
    400,
    'errors.invalidAutomation',
    'The automation names a trigger, condition or action that does not exist here, or args its schema refuses',
  ),
  invalidSlug: define('invalid_slug', 400, 'errors.invalidSlug', 'This site address is not allowed'),
  unknownPlan: define('unknown_plan', 400, 'errors.unknownPlan', 'There is no plan with this name'),
  platformNotSuspendable: define('platform_not_suspendable', 400, 'errors.platformNotSuspendable', 'The platform account cannot be suspended'),
  invalidRange: define(
    'invalid_range',
    400,
    'errors.invalidRange',
    'The date range is not valid: "from" must not be after "to", and a range spans at most 366 days',
  ),
  unknownTerm: define('unknown_term', 400, 'errors.unknownTerm', 'A category or tag does not exist on this site'),
  accountMismatch: define('account_mismatch', 400, 'errors.accountMismatch', 'The account in the request does not match this site'),
  notAuthenticated: define('not_authenticated', 401, 'errors.notAuthenticated', 'The user does not have an active session or is not authenticated'),
  invalidToken: define('invalid_token', 401, 'errors.invalidToken', 'The access token is invalid or has expired'),
  sessionEnded: define('session_ended', 401, 'errors.sessionEnded', 'This session has ended; sign in again'),
  singleSession: define('single_session', 401, 'errors.singleSession', 'You signed in on another device, so this session has ended'),
  forbidden: define('forbidden', 403, 'errors.forbidden', 'You do not have permission to do this'),
  membersOnly: define('members_only', 403, 'errors.membersOnly', 'This content is for members'),
  accountSuspended: define('account_suspended', 403, 'errors.accountSuspended', 'This site is suspended; contact the platform to restore it'),
  featureNotInPlan: define('feature_not_in_plan', 403, 'errors.featureNotInPlan', "This add-on is not included in the account's plan"),
  notFound: define('not_found', 404, 'errors.notFound', 'Not found'),
  accountNotFound: define('account_not_found', 404, 'errors.accountNotFound', 'No site is served at this address'),
  unknownFeature: define('unknown_feature', 404, 'errors.unknownFeature', 'There is no add-on with this name'),
  methodNotAllowed: define('method_not_allowed', 405, 'errors.methodNotAllowed', 'This method is not allowed here'),
  conflict: define('conflict', 409, 'errors.conflict', 'The request conflicts with the current state'),
  slugTaken: define('slug_taken', 409, 'errors.slugTaken', 'Another site already uses this address'),
  lastOwner: define('last_owner', 409, 'errors.lastOwner', 'The account needs at least one member who can manage it'),
  invalidDomain: define('invalid_domain', 400, 'errors.invalidDomain', 'This is not a domain name the site can use'),
  domainTaken: define('domain_taken', 409, 'errors.domainTaken', 'Another site already uses this domain'),
  // The outbound guard: an address a request supplied that the server will not fetch.
  addressNotAllowed: define('address_not_allowed', 400, 'errors.addressNotAllowed', 'The server does not send requests to this address'),
  addressUnresolvable: define('address_unresolvable', 400, 'errors.addressUnresolvable', 'The host name of this address could not be resolved'),
  alreadyMember: define('already_member', 409, 'errors.alreadyMember', 'This person is already a member of the site'),
  payloadTooLarge: define('payload_too_large', 413, 'errors.payloadTooLarge', 'The request body is too large'),
  unsupportedMediaType: define('unsupported_media_type', 415, 'errors.unsupportedMediaType', 'This content type is not supported'),
  rateLimited: define('rate_limited', 429, 'errors.rateLimited', 'Too many requests; try again shortly'),
  internal: define('internal_error', 500, 'errors.internal', 'Something went wrong on our side'),
  unavailable: define('service_unavailable', 503, 'errors.unavailable', 'The service is not ready'),
} as const satisfies Record<string, ErrorDefinition>;

export function appError(definition: ErrorDefinition, message?: string, details?: unknown): AppError {
  return new AppError(definition, message, details);
}
