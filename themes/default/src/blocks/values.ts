/**
 * Readers for stored block props. Documents are data from storage, so every block reads its props
 * through these: a wrong type falls back to a default instead of throwing mid-render.
 */

export function text(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return fallback;
}

export function integer(value: unknown, fallback: number, min: number, max: number): number {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(parsed)) return fallback;
  return Math.min(max, Math.max(min, Math.round(parsed)));
}

export function oneOf<T extends string | number>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.find((option) => option === value || String(option) === value) ?? fallback;
}

export function flag(value: unknown, fallback = false): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return fallback;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The objects of an array prop (array fields), at most `max`; anything else is dropped. */
export function records(value: unknown, max = 100): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord).slice(0, max) : [];
}
