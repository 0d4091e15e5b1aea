import { defineErrors } from './define-errors.js';

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

export const Errors = defineErrors({
  validation: { code: 'validation_failed', status: 400, messageKey: 'errors.validation', message: 'The request is not valid' },
  badRequest: { code: 'bad_request', status: 400, messageKey: 'errors.badRequest', message: 'The request could not be understood' },
  invalidAutomation: {
    code: 'invalid_automation',
    status: 400,
    messageKey: 'errors.invalidAutomation',
    message: 'The automation names a trigger, condition or action that does not exist here, or args its schema refuses',
  },
  invalidSlug: { code: 'invalid_slug', status: 400, messageKey: 'errors.invalidSlug', message: 'This site address is not allowed' },
  disposableEmail: {
    code: 'disposable_email',
    status: 400,
    messageKey: 'errors.disposableEmail',
    message: 'Use a permanent e-mail address: a site cannot be owned by a disposable one',
  },
  existingUserPassword: {
    code: 'invalid_credentials',
    status: 400,
    messageKey: 'errors.existingUserPassword',
    message: 'This e-mail address already signs in on the platform: enter the password it uses (or reset it on the sign-in page)',
  },
  weakPassword: { code: 'weak_password', status: 422, messageKey: 'errors.weakPassword', message: 'The password is too weak' },
  unknownPlan: { code: 'unknown_plan', status: 400, messageKey: 'errors.unknownPlan', message: 'There is no plan with this name' },
  platformNotSuspendable: {
    code: 'platform_not_suspendable',
    status: 400,
    messageKey: 'errors.platformNotSuspendable',
    message: 'The platform account cannot be suspended',
  },
  invalidRange: {
    code: 'invalid_range',
    status: 400,
    messageKey: 'errors.invalidRange',
    message: 'The date range is not valid: "from" must not be after "to", and a range spans at most 366 days',
  },
  unknownTerm: { code: 'unknown_term', status: 400, messageKey: 'errors.unknownTerm', message: 'A category or tag does not exist on this site' },
  accountMismatch: {
    code: 'account_mismatch',
    status: 400,
    messageKey: 'errors.accountMismatch',
    message: 'The account in the request does not match this site',
  },
  notAuthenticated: {
    code: 'not_authenticated',
    status: 401,
    messageKey: 'errors.notAuthenticated',
    message: 'The user does not have an active session or is not authenticated',
  },
  invalidToken: { code: 'invalid_token', status: 401, messageKey: 'errors.invalidToken', message: 'The access token is invalid or has expired' },
  sessionEnded: { code: 'session_ended', status: 401, messageKey: 'errors.sessionEnded', message: 'This session has ended; sign in again' },
  singleSession: {
    code: 'single_session',
    status: 401,
    messageKey: 'errors.singleSession',
    message: 'You signed in on another device, so this session has ended',
  },
  forbidden: { code: 'forbidden', status: 403, messageKey: 'errors.forbidden', message: 'You do not have permission to do this' },
  membersOnly: { code: 'members_only', status: 403, messageKey: 'errors.membersOnly', message: 'This content is for members' },
  accountSuspended: {
    code: 'account_suspended',
    status: 403,
    messageKey: 'errors.accountSuspended',
    message: 'This site is suspended; contact the platform to restore it',
  },
  accountReadOnly: {
    code: 'account_read_only',
    status: 403,
    messageKey: 'errors.accountReadOnly',
    message: 'This site is read-only until its plan is paid; its owner can choose a plan under Billing',
  },
  billingUnavailable: {
    code: 'billing_unavailable',
    status: 409,
    messageKey: 'errors.billingUnavailable',
    message: 'Plans cannot be bought online here yet; contact the platform',
  },
  featureNotInPlan: {
    code: 'feature_not_in_plan',
    status: 403,
    messageKey: 'errors.featureNotInPlan',
    message: "This add-on is not included in the account's plan",
  },
  planLimitReached: {
    code: 'plan_limit_reached',
    status: 403,
    messageKey: 'errors.planLimitReached',
    message: "The site's plan allows no more of this; the owner can upgrade the plan under Billing",
  },
  notFound: { code: 'not_found', status: 404, messageKey: 'errors.notFound', message: 'Not found' },
  accountNotFound: { code: 'account_not_found', status: 404, messageKey: 'errors.accountNotFound', message: 'No site is served at this address' },
  unknownFeature: { code: 'unknown_feature', status: 404, messageKey: 'errors.unknownFeature', message: 'There is no add-on with this name' },
  methodNotAllowed: { code: 'method_not_allowed', status: 405, messageKey: 'errors.methodNotAllowed', message: 'This method is not allowed here' },
  conflict: { code: 'conflict', status: 409, messageKey: 'errors.conflict', message: 'The request conflicts with the current state' },
  slugTaken: { code: 'slug_taken', status: 409, messageKey: 'errors.slugTaken', message: 'Another site already uses this address' },
  lastOwner: { code: 'last_owner', status: 409, messageKey: 'errors.lastOwner', message: 'The account needs at least one member who can manage it' },
  invalidDomain: { code: 'invalid_domain', status: 400, messageKey: 'errors.invalidDomain', message: 'This is not a domain name the site can use' },
  domainTaken: { code: 'domain_taken', status: 409, messageKey: 'errors.domainTaken', message: 'Another site already uses this domain' },
  // The outbound guard: an address a request supplied that the server will not fetch.
  addressNotAllowed: {
    code: 'address_not_allowed',
    status: 400,
    messageKey: 'errors.addressNotAllowed',
    message: 'The server does not send requests to this address',
  },
  addressUnresolvable: {
    code: 'address_unresolvable',
    status: 400,
    messageKey: 'errors.addressUnresolvable',
    message: 'The host name of this address could not be resolved',
  },
  alreadyMember: { code: 'already_member', status: 409, messageKey: 'errors.alreadyMember', message: 'This person is already a member of the site' },
  payloadTooLarge: { code: 'payload_too_large', status: 413, messageKey: 'errors.payloadTooLarge', message: 'The request body is too large' },
  unsupportedMediaType: {
    code: 'unsupported_media_type',
    status: 415,
    messageKey: 'errors.unsupportedMediaType',
    message: 'This content type is not supported',
  },
  rateLimited: { code: 'rate_limited', status: 429, messageKey: 'errors.rateLimited', message: 'Too many requests; try again shortly' },
  internal: { code: 'internal_error', status: 500, messageKey: 'errors.internal', message: 'Something went wrong on our side' },
  unavailable: { code: 'service_unavailable', status: 503, messageKey: 'errors.unavailable', message: 'The service is not ready' },
});

export function appError(definition: ErrorDefinition, message?: string, details?: unknown): AppError {
  return new AppError(definition, message, details);
}
