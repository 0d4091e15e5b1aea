import { defineErrors } from '../errors/define-errors.js';

/** Errors of the mail outbox (SPEC §9 "emails" meter; the plan's monthlyEmails). */
export const MailErrors = defineErrors({
  quotaExceeded: {
    code: 'email_quota_exceeded',
    status: 429,
    messageKey: 'errors.emailQuotaExceeded',
    message: "This account has used its plan's emails for this month",
  },
  batchTooLarge: { code: 'batch_too_large', status: 400, messageKey: 'errors.batchTooLarge', message: 'A batch holds at most 1000 addresses' },
});
