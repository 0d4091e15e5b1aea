import { lmsDb } from '../db/tables.js';
import type { LmsEvents } from '../events/index.js';
import { verifyPath } from './routes.js';
import { issueCertificate } from './store.js';

/** The add-on that makes completions earn certificates (plans that include it, owners switch it on). */
export const CERTIFICATES_FEATURE = 'certificates';

/**
 * A course evaluated for a student (status 4) earns them a certificate where the account has the
 * certificates add-on on, once; the `certificate_earned` touchpoint links to its public check.
 */
export function issueOnCompletion(events: LmsEvents): void {
  events.listen({
    async courseCompleted(scope, course, studentId) {
      if (!scope.features.has(CERTIFICATES_FEATURE)) return;
      const { certificate, created } = await issueCertificate(lmsDb(scope.db), scope.accountId, course, studentId);
      if (created) await events.notify(scope, 'certificate_earned', course, studentId, studentId, {}, `${scope.origin}${verifyPath(certificate.code)}`);
    },
  });
}
