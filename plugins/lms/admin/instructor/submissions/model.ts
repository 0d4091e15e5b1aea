export interface QuizQueueEntry {
  id: string;
  quiz_id: string;
  quiz_title: string;
  student_id: string;
  student_name: string;
  attempt: number;
  status: number;
  marks: number;
  submitted_at: string | null;
}

export interface QuestionResult {
  awarded: number;
  max: number;
  outcome: 'correct' | 'partial' | 'wrong' | 'pending';
}

export interface SubmissionDetail {
  id: string;
  quiz_id: string;
  student_id: string;
  attempt: number;
  status: number;
  marks: number;
  late: boolean;
  submitted_at: string | null;
  questions: Array<{
    id: string;
    type: string;
    prompt: string;
    marks: number;
    data: Record<string, unknown>;
    response?: unknown;
    result: QuestionResult | null;
  }>;
}

export interface AssignmentEntry {
  id: string;
  assignment_id: string;
  assignment_title: string;
  student_id: string;
  student_name: string;
  status: number;
  marks: number | null;
  content: string;
  file_path: string | null;
  submitted_at: string | null;
}

/** The queues' status filter: 3 awaiting evaluation (the default), 4 evaluated. */
export const QUEUE_STATUSES = ['3', '4'] as const;
