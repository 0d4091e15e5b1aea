export interface RosterEntry {
  student_id: string;
  name: string;
  email: string | null;
  status: number;
  progress: number;
  marks: number;
  startAt: number | null;
  expiry: number | null;
  enrolled_at: string;
}

export const BULK_RESULTS = ['enrolled', 'already_enrolled', 'seats', 'not_member', 'invalid_email', 'failed'] as const;
export type BulkResult = (typeof BULK_RESULTS)[number];
export interface BulkRow {
  row: number;
  email: string;
  result: BulkResult;
  student_id?: string;
}

/** Up to this many rows per bulk request (plugins/lms/src/enrolment/bulk.ts). */
export const BULK_LIMIT = 1000;
