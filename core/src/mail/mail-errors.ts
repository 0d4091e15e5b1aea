import type { ErrorDefinition } from '../errors/errors.js';

/** Errors of the mail outbox (SPEC §9 "emails" meter; the plan's monthlyEmails). */
export const MailErrors = {
  quotaExceeded: Object.freeze({
    code: 'email_quota_exceeded',
    statusCode: 429,
    messageKey: 'errors.emailQuotaExceeded',
    message: "This account has used its plan's emails for this month",
  }),
  batchTooLarge: Object.freeze({
    code: 'batch_too_large',
    statusCode: 400,
    messageKey: 'errors.batchTooLarge',
    message: 'A batch holds at most 1000 addresses',
  }),
} as const satisfies Record<string, ErrorDefinition>;
