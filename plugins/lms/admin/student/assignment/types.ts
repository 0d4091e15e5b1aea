import type { AssignmentViewWire, SubmissionWire } from '../../../src/assessments/routes/schemas.js';

/** What GET /api/lms/assignments/:id answers with (a submission's marks are set once an instructor marks it, status 4). */
export type Submission = SubmissionWire;
export type AssignmentView = AssignmentViewWire;
