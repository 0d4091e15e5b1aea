import { Type, type Static, Nullable, StringEnum, Uuid, EmptyBody } from '@lectern/sdk';
import type { LockReason } from '../rules/index.js';
export { EmptyBody };

export const tags = ['lms'];

const CourseRef = Type.String({ minLength: 1, maxLength: 200, description: 'Course id or slug' });
export const CourseParams = Type.Object({ course: CourseRef });
export const ItemParams = Type.Object({ course: CourseRef, item: Uuid });
export const StudentParams = Type.Object({ course: CourseRef, student: Uuid });

const paging = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
};
export const PageQuery = Type.Object(paging, { additionalProperties: false });
export const RosterQuery = Type.Object({ search: Type.Optional(Type.String({ maxLength: 200 })), ...paging }, { additionalProperties: false });

/** A student's enrolment as the LMS answers it (SPEC §8): the contract's EnrolmentView (kept there as a plain interface: the contract loads nothing). */
export const EnrolmentViewSchema = Type.Object({
  course_id: Uuid,
  student_id: Uuid,
  status: Type.Integer({ minimum: 1, maximum: 4, description: '1 enrolled · 2 started · 3 submitted for evaluation · 4 evaluated' }),
  startAt: Nullable(Type.Integer(), { description: 'Start time in seconds' }),
  expiry: Nullable(Type.Integer(), { description: 'Expiry in epoch milliseconds' }),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  marks: Type.Integer(),
  curriculum_data: Type.Unsafe<Record<string, number>>({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description: 'item id → completion time in seconds',
  }),
  enrolled_at: Type.String({ format: 'date-time' }),
});

export const EnrolmentResult = Type.Object({ status: Type.Literal(1), created: Type.Optional(Type.Boolean()), enrolment: EnrolmentViewSchema });

/** SPEC §8: seats full → {status: 0, error: "Seats Error", code: "seats"}; a failed insert → {status: 0}. */
export const EnrolmentRefused = Type.Object({
  // No required fields: a catalogue error with status 409 (ErrorBody) must serialise through this too.
  status: Type.Optional(Type.Unsafe<0>({ type: 'integer', enum: [0] })),
  error: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
  messageKey: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
  statusCode: Type.Optional(Type.Integer()),
  details: Type.Optional(Type.Unknown()),
});

export const StateResult = Type.Object({ status: Type.Literal(1), message: Type.Optional(Type.String()), enrolment: EnrolmentViewSchema });

export const BULK_RESULTS = ['enrolled', 'already_enrolled', 'seats', 'not_member', 'invalid_email', 'failed'] as const;
export const BulkBody = Type.Object({ csv: Type.String({ maxLength: 200_000 }) }, { additionalProperties: false });
export const BulkResult = Type.Object({
  status: Type.Literal(1),
  results: Type.Array(Type.Object({ row: Type.Integer(), email: Type.String(), result: StringEnum(BULK_RESULTS), student_id: Type.Optional(Type.String()) })),
});
export const StatusBody = Type.Object({ status: Type.Integer({ minimum: 1, maximum: 4 }) }, { additionalProperties: false });
export const Unenrolled = Type.Object({ status: Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1] }) });

const lockFields = {
  complete: Type.Boolean(),
  completed_at: Nullable(Type.Integer(), { description: 'Completion time in seconds' }),
  locked: Type.Boolean(),
  reason: Type.Unsafe<LockReason | null>({ type: ['string', 'null'], enum: ['unit_lock', 'drip', null], description: 'Why the item is locked' }),
  opens_at: Nullable(Type.Integer(), { description: 'Drip release time in seconds' }),
};

export const PlayerItemSchema = Type.Object({
  id: Type.String(),
  post_type: Type.String(),
  title: Type.String(),
  complete: lockFields.complete,
  locked: lockFields.locked,
  reason: lockFields.reason,
  opens_at: lockFields.opens_at,
  completed_at: lockFields.completed_at,
});

export const PlayerSchema = Type.Object({
  course: Type.Object({ id: Type.String(), title: Type.String(), slug: Type.String(), unitLock: Type.Boolean() }),
  enrolment: EnrolmentViewSchema,
  items: Type.Array(PlayerItemSchema),
  next: Nullable(Type.String(), { description: 'The item to continue with' }),
});

export const MyCourseSchema = Type.Object({
  course: Type.Object({ id: Type.String(), title: Type.String(), slug: Type.String(), featured_image: Nullable(Type.String()) }),
  status: Type.Integer(),
  progress: Type.Integer(),
  startAt: Nullable(Type.Integer()),
  expiry: Nullable(Type.Integer()),
  expired: Type.Boolean(),
  unlimited: Type.Boolean({ description: 'The expiry is the no-time-limit default (9999 days): show "No time limit", not the date' }),
  continue_item: Nullable(Type.String()),
  enrolled_at: Type.String({ format: 'date-time' }),
});
export const MyCoursesSchema = Type.Object({ total: Type.Integer(), items: Type.Array(MyCourseSchema) });

export const RosterEntrySchema = Type.Object({
  student_id: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String()),
  status: Type.Integer(),
  progress: Type.Integer(),
  marks: Type.Integer(),
  startAt: Nullable(Type.Integer()),
  expiry: Nullable(Type.Integer()),
  enrolled_at: Type.String({ format: 'date-time' }),
});
export const RosterSchema = Type.Object({ total: Type.Integer(), items: Type.Array(RosterEntrySchema) });

/**
 * Passes a route schema through unchanged. The OpenAPI fields (tags, summary, description) are
 * typed by the kernel's @fastify/swagger augmentation, which this package does not see; a value
 * returned from a function is not checked for excess properties, so the plugin type-checks alone.
 */
export function openApi<T extends object>(schema: T): T {
  return schema;
}

/** Wire types: what the admin screens receive, derived from the schemas above (never copied). */
export type EnrolmentViewWire = Static<typeof EnrolmentViewSchema>;
export type StateResultWire = Static<typeof StateResult>;
export type EnrolmentResultWire = Static<typeof EnrolmentResult>;
export type BulkResultWire = Static<typeof BulkResult>;
export type PlayerItemWire = Static<typeof PlayerItemSchema>;
export type PlayerWire = Static<typeof PlayerSchema>;
export type MyCourseWire = Static<typeof MyCourseSchema>;
export type MyCoursesWire = Static<typeof MyCoursesSchema>;
export type RosterEntryWire = Static<typeof RosterEntrySchema>;
export type RosterWire = Static<typeof RosterSchema>;
