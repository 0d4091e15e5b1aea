import type {
  GradedQuestionWire,
  QueuedSubmissionWire,
  QuestionResultWire,
  QuizQueueEntryWire,
  SubmissionDetailWire,
} from '../../../src/assessments/routes/schemas.js';

export type QuizQueueEntry = QuizQueueEntryWire;
export type QuestionResult = QuestionResultWire;
/** The evaluation screen reads a question's data by key, whatever its type. */
export type SubmissionDetail = Omit<SubmissionDetailWire, 'questions'> & {
  questions: Array<Omit<GradedQuestionWire, 'data'> & { data: Record<string, unknown> }>;
};
export type AssignmentEntry = QueuedSubmissionWire;

/** The queues' status filter: 3 awaiting evaluation (the default), 4 evaluated. */
export const QUEUE_STATUSES = ['3', '4'] as const;
