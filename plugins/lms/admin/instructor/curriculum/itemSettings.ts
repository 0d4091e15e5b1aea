import { INTERVALS, wholeNumber, type Interval, type ItemType } from '../model';

/**
 * An item's settings as the form holds them, per type (SPEC §4 and plugins/lms/src/assessments/settings.ts):
 * unit {duration {value, parameter}}, quiz {time_limit seconds, retakes, passing_mark %, evaluation},
 * assignment {submission, max_marks}. The form shows the quiz time limit in minutes.
 */
export interface SettingsForm {
  durationValue: string;
  durationParameter: Interval;
  timeLimitMinutes: string;
  retakes: string;
  passingMark: string;
  evaluation: 'auto' | 'manual';
  submission: 'text' | 'file';
  maxMarks: string;
}

const text = (value: unknown, fallback: string) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : fallback);

export function settingsForm(settings: Record<string, unknown>): SettingsForm {
  const duration = (settings.duration ?? null) as { value?: unknown; parameter?: unknown } | null;
  const parameter = INTERVALS.find((unit) => unit === duration?.parameter) ?? 'minute';
  const seconds = typeof settings.time_limit === 'number' ? settings.time_limit : 0;
  return {
    durationValue: text(duration?.value, ''),
    durationParameter: parameter,
    timeLimitMinutes: seconds === 0 ? '' : String(Math.round(seconds / 60)),
    retakes: text(settings.retakes, '0'),
    passingMark: text(settings.passing_mark, '0'),
    evaluation: settings.evaluation === 'manual' ? 'manual' : 'auto',
    submission: settings.submission === 'file' ? 'file' : 'text',
    maxMarks: text(settings.max_marks, '100'),
  };
}

export type SettingsErrors = Partial<Record<keyof SettingsForm, string>>;

/** The settings object to store (it replaces the item's settings), or the fields in error. */
export function settingsOf(type: ItemType, form: SettingsForm, invalid: string): { settings: Record<string, unknown> } | { errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const check = (field: keyof SettingsForm, min: number, max: number, blank: number | null) => {
    const raw = form[field];
    if (blank !== null && raw.trim() === '') return blank;
    const value = wholeNumber(raw, min, max);
    if (value === null) errors[field] = invalid;
    return value ?? 0;
  };
  let settings: Record<string, unknown> = {};
  if (type === 'unit') {
    const value = form.durationValue.trim() === '' ? null : check('durationValue', 0, 1_000_000, null);
    settings = value === null ? {} : { duration: { value, parameter: form.durationParameter } };
  } else if (type === 'quiz') {
    settings = {
      time_limit: check('timeLimitMinutes', 0, 7 * 24 * 60, 0) * 60,
      retakes: check('retakes', 0, 1000, 0),
      passing_mark: check('passingMark', 0, 100, 0),
      evaluation: form.evaluation,
    };
  } else if (type === 'assignment') {
    settings = { submission: form.submission, max_marks: check('maxMarks', 0, 100_000, null) };
  }
  return Object.keys(errors).length > 0 ? { errors } : { settings };
}
