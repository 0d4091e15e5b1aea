import { sql } from '@lectern/sdk';

/** The grading queues' `student_name` column: the student's name on this site ('' without one), for rows aliased `s`. */
export const studentNameColumn = () =>
  sql<string>`coalesce((SELECT nullif(m.name, '') FROM members m WHERE m.account_id = s.account_id AND m.user_id = s.student_id), '')`.as('student_name');
