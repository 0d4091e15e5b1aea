import type { TouchpointPatchWire, TouchpointWire } from '@lectern/sdk/wire';

/** One touchpoint as GET /api/account/touchpoints describes it (core's AccountTouchpoint). */
export type Touchpoint = TouchpointWire;

/** The body of PUT /api/account/touchpoints/:key; a null subject or body goes back to the default. */
export type TouchpointPatch = TouchpointPatchWire;

export const TOUCHPOINTS_KEY = ['account', 'touchpoints'] as const;

/** The server's schema limits for a template (core/src/notifications/routes/touchpoint-routes.ts). */
export const SUBJECT_MAX = 300;
export const BODY_MAX = 50_000;

/** The tokens the kernel's touchpoints are fired with (core/src/notifications/kernel-touchpoints.ts). */
export const KERNEL_TOKENS = [
  'site_name',
  'user_name',
  'student_name',
  'instructor_name',
  'course_title',
  'quiz_title',
  'assignment_title',
  'status',
  'marks',
  'link',
] as const;

/**
 * Plugin touchpoints may be fired with tokens of their own; the ones their templates already use
 * are offered too, after the kernel's.
 */
export function tokensFor(touchpoint: Pick<Touchpoint, 'subject' | 'body'>): string[] {
  const used = [...`${touchpoint.subject} ${touchpoint.body}`.matchAll(/\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi)].map((m) => m[1] ?? '');
  return [...new Set<string>([...KERNEL_TOKENS, ...used.filter((token) => token !== '')])];
}

export type GroupId = { kind: 'kernel'; area: 'course' | 'quiz' | 'assignment' } | { kind: 'plugin'; name: string };

export interface TouchpointGroup {
  id: string;
  group: GroupId;
  items: Touchpoint[];
}

/** The kernel's keys name their subject first (quiz_submit, assignment_reset); the rest are about courses. */
function groupOf(touchpoint: Touchpoint): GroupId {
  if (touchpoint.plugin !== undefined) return { kind: 'plugin', name: touchpoint.plugin };
  if (touchpoint.key.startsWith('quiz_')) return { kind: 'kernel', area: 'quiz' };
  if (touchpoint.key.startsWith('assignment_')) return { kind: 'kernel', area: 'assignment' };
  return { kind: 'kernel', area: 'course' };
}

/** Course, quiz and assignment groups first (SPEC §7's order), then one group per plugin in the server's order. */
export function groupTouchpoints(list: readonly Touchpoint[]): TouchpointGroup[] {
  const groups = new Map<string, TouchpointGroup>();
  for (const area of ['course', 'quiz', 'assignment'] as const)
    groups.set(`kernel:${area}`, { id: `kernel:${area}`, group: { kind: 'kernel', area }, items: [] });
  for (const touchpoint of list) {
    const group = groupOf(touchpoint);
    const id = group.kind === 'kernel' ? `kernel:${group.area}` : `plugin:${group.name}`;
    const existing = groups.get(id);
    if (existing === undefined) groups.set(id, { id, group, items: [touchpoint] });
    else existing.items.push(touchpoint);
  }
  return [...groups.values()].filter((g) => g.items.length > 0);
}

/** The cached list with one touchpoint's fields replaced. */
export const withPatched = (list: readonly Touchpoint[] | undefined, key: string, fields: Partial<Touchpoint>): Touchpoint[] | undefined =>
  list?.map((item) => (item.key === key ? { ...item, ...fields } : item));
