import type { ErrorDefinition } from '@lectern/sdk';

const define = (code: string, statusCode: number, messageKey: string, message: string): ErrorDefinition => ({ code, statusCode, messageKey, message });

/** Quiz and assignment errors (stable codes; the LMS's shared ones are in ../errors.ts). */
export const AssessmentErrors = {
  questionNotFound: define('question_not_found', 404, 'errors.notFound', 'No such question'),
  submissionNotFound: define('submission_not_found', 404, 'errors.notFound', 'No such submission'),
  invalidQuestion: define('invalid_question', 400, 'errors.validation', 'The question is not valid'),
  invalidOrder: define('invalid_question_order', 400, 'errors.validation', 'Send every question of the quiz exactly once'),
  noRetakesLeft: define('quiz_no_retakes', 409, 'quiz.noRetakes', 'No attempts are left for this quiz'),
  awaitingEvaluation: define('quiz_awaiting_evaluation', 409, 'quiz.awaitingEvaluation', 'Your last attempt is waiting for the instructor'),
  quizTimeUp: define('quiz_time_up', 409, 'quiz.timeUp', 'The time for this attempt is up: submit it'),
  quizNotStarted: define('quiz_not_started', 409, 'quiz.notStarted', 'Start the quiz before submitting answers'),
  notAwaitingEvaluation: define('not_awaiting_evaluation', 409, 'errors.conflict', 'This submission is not waiting for evaluation'),
  essayMarksMissing: define('essay_marks_missing', 400, 'errors.validation', 'Give marks for every essay question'),
  marksOutOfRange: define('marks_out_of_range', 400, 'errors.validation', 'The marks are out of range'),
  assignmentMarked: define('assignment_marked', 409, 'assignment.marked', 'This assignment has been marked and can no longer be changed'),
  invalidSubmission: define('invalid_submission', 400, 'errors.validation', 'The submission is not valid'),
  notOwnFile: define('submission_file_not_own', 403, 'assignment.notOwnFile', 'A submission may only name your own file for this assignment'),
  studentNotEnrolled: define('student_not_enrolled', 409, 'errors.conflict', 'Assign quizzes to students enrolled in the quiz’s course'),
  tooManyAssigned: define('too_many_assigned_quizzes', 409, 'errors.conflict', 'This student already has the most quizzes one member may be assigned'),
} as const;
