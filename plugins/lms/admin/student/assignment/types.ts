/** What GET /api/lms/assignments/:id answers with. */
export interface Submission {
  id: string;
  assignment_id: string;
  status: number;
  /** Set once an instructor marks it (status 4). */
  marks: number | null;
  content: string;
  file_path: string | null;
  submitted_at: string | null;
}

export interface AssignmentView {
  id: string;
  course_id: string;
  title: string;
  settings: { submission: 'text' | 'file'; max_marks: number };
  submission: Submission | null;
}
