import { defineErrors } from '@lectern/sdk';

/** Quiz and assignment errors (stable codes; the LMS's shared ones are in ../errors.ts). */
export const AssessmentErrors = defineErrors({
  questionNotFound: { code: 'question_not_found', status: 404, messageKey: 'quiz.questionNotFound', message: 'No such question' },
  submissionNotFound: { code: 'submission_not_found', status: 404, messageKey: 'assessments.submissionNotFound', message: 'No such submission' },
  invalidQuestion: { code: 'invalid_question', status: 400, messageKey: 'quiz.invalidQuestion', message: 'The question is not valid' },
  invalidOrder: { code: 'invalid_question_order', status: 400, messageKey: 'quiz.invalidOrder', message: 'Send every question of the quiz exactly once' },
  noRetakesLeft: { code: 'quiz_no_retakes', status: 409, messageKey: 'quiz.noRetakes', message: 'No attempts are left for this quiz' },
  awaitingEvaluation: {
    code: 'quiz_awaiting_evaluation',
    status: 409,
    messageKey: 'quiz.awaitingEvaluation',
    message: 'Your last attempt is waiting for the instructor',
  },
  quizTimeUp: { code: 'quiz_time_up', status: 409, messageKey: 'quiz.timeUp', message: 'The time for this attempt is up: submit it' },
  quizNotStarted: { code: 'quiz_not_started', status: 409, messageKey: 'quiz.notStarted', message: 'Start the quiz before submitting answers' },
  notAwaitingEvaluation: {
    code: 'not_awaiting_evaluation',
    status: 409,
    messageKey: 'assessments.notAwaitingEvaluation',
    message: 'This submission is not waiting for evaluation',
  },
  essayMarksMissing: { code: 'essay_marks_missing', status: 400, messageKey: 'assessments.essayMarksMissing', message: 'Give marks for every essay question' },
  marksOutOfRange: { code: 'marks_out_of_range', status: 400, messageKey: 'assessments.marksOutOfRange', message: 'The marks are out of range' },
  assignmentMarked: {
    code: 'assignment_marked',
    status: 409,
    messageKey: 'assignment.marked',
    message: 'This assignment has been marked and can no longer be changed',
  },
  invalidSubmission: { code: 'invalid_submission', status: 400, messageKey: 'assignment.invalidSubmission', message: 'The submission is not valid' },
  notOwnFile: {
    code: 'submission_file_not_own',
    status: 403,
    messageKey: 'assignment.notOwnFile',
    message: 'A submission may only name your own file for this assignment',
  },
  studentNotEnrolled: {
    code: 'student_not_enrolled',
    status: 409,
    messageKey: 'quiz.studentNotEnrolled',
    message: 'Assign quizzes to students enrolled in the quiz’s course',
  },
  tooManyAssigned: {
    code: 'too_many_assigned_quizzes',
    status: 409,
    messageKey: 'quiz.tooManyAssigned',
    message: 'This student already has the most quizzes one member may be assigned',
  },
});
