/** The value a datetime-local input shows for a moment, in the reader's own time zone. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value read as local time; null when it is not a whole date and time. */
export function fromLocalInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The schedule the dialog suggests: the next full hour at least 30 minutes away. */
export function suggestedSchedule(now: Date): Date {
  const next = new Date(now.getTime() + 30 * 60_000);
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return next;
}

export type ScheduleProblem = 'invalid' | 'past';

/** A schedule must be a real moment in the future (the kernel publishes at once otherwise). */
export function scheduleProblem(value: string, now: Date): ScheduleProblem | null {
  const date = fromLocalInput(value);
  if (date === null) return 'invalid';
  return date.getTime() <= now.getTime() ? 'past' : null;
}
