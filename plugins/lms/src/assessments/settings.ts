import { Type, StringEnum } from '@lectern/sdk';

/**
 * Quiz and assignment settings live in their curriculum item (lms_items.settings), written by the
 * curriculum editor. They are read defensively: a missing or out-of-range value takes the default.
 */
export interface QuizSettings {
  /** Seconds; 0 = no limit. */
  time_limit: number;
  /** Extra attempts after the first. */
  retakes: number;
  /** Percent of the quiz's marks needed to pass; 0 = every evaluated attempt passes. */
  passing_mark: number;
  /** auto: marked on submit (status 4) unless the quiz has essays; manual: an instructor evaluates. */
  evaluation: 'auto' | 'manual';
}

export interface AssignmentSettings {
  submission: 'text' | 'file';
  max_marks: number;
}

const whole = (value: unknown, min: number, max: number, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;

export function quizSettings(settings: Record<string, unknown> | null | undefined): QuizSettings {
  const s = settings ?? {};
  return {
    time_limit: whole(s.time_limit, 0, 7 * 86_400, 0),
    retakes: whole(s.retakes, 0, 1000, 0),
    passing_mark: whole(s.passing_mark, 0, 100, 0),
    evaluation: s.evaluation === 'manual' ? 'manual' : 'auto',
  };
}

export function assignmentSettings(settings: Record<string, unknown> | null | undefined): AssignmentSettings {
  const s = settings ?? {};
  return { submission: s.submission === 'file' ? 'file' : 'text', max_marks: whole(s.max_marks, 0, 100_000, 100) };
}

/** Submissions are accepted this long after the time limit, for the network and a slow click. */
export const TIME_LIMIT_GRACE_SECONDS = 30;

export const QuizSettingsSchema = Type.Object({
  time_limit: Type.Integer(),
  retakes: Type.Integer(),
  passing_mark: Type.Integer(),
  evaluation: StringEnum(['auto', 'manual']),
});

export const AssignmentSettingsSchema = Type.Object({ submission: StringEnum(['text', 'file']), max_marks: Type.Integer() });
