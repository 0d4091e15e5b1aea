import type { BulkResultWire, RosterEntryWire } from '../../../src/enrolment/routes/schemas.js';

export type RosterEntry = RosterEntryWire;

export const BULK_RESULTS = ['enrolled', 'already_enrolled', 'seats', 'not_member', 'invalid_email', 'failed'] as const;
export type BulkRow = BulkResultWire['results'][number];
export type BulkResult = BulkRow['result'];

/** Up to this many rows per bulk request (plugins/lms/src/enrolment/bulk.ts). */
export const BULK_LIMIT = 1000;
