/** What the completion rule needs of a submission (quiz attempt or assignment). */
export interface SubmissionState {
  status: number;
  marks: number | null;
}

export type AssessmentKind = 'quiz' | 'assignment';

/**
 * SPEC §4 completion thresholds: a quiz counts complete when its newest attempt has status 3
 * (submitted) or more; an assignment when it has status 3 or more and has been given marks.
 * No submission: not complete. Pure, so progress code can use it anywhere.
 */
export function isAssessmentComplete(kind: AssessmentKind, submission: SubmissionState | null | undefined): boolean {
  if (submission === null || submission === undefined) return false;
  if (submission.status < 3) return false;
  return kind === 'quiz' ? true : submission.marks !== null;
}
