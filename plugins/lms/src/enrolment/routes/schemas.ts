import { enrolmentViewSchema } from '../store.js';

export const tags = ['lms'];

export const CourseParams = {
  type: 'object',
  required: ['course'],
  properties: { course: { type: 'string', minLength: 1, maxLength: 200, description: 'Course id or slug' } },
} as const;

export const ItemParams = {
  type: 'object',
  required: ['course', 'item'],
  properties: { ...CourseParams.properties, item: { type: 'string', format: 'uuid' } },
} as const;

export const StudentParams = {
  type: 'object',
  required: ['course', 'student'],
  properties: { ...CourseParams.properties, student: { type: 'string', format: 'uuid' } },
} as const;

export const EmptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

export const PageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
  },
} as const;

export const EnrolmentResult = {
  type: 'object',
  required: ['status', 'enrolment'],
  properties: { status: { const: 1 }, created: { type: 'boolean' }, enrolment: enrolmentViewSchema },
} as const;

/** SPEC §8: seats full → {status: 0, error: "Seats Error", code: "seats"}; a failed insert → {status: 0}. */
export const EnrolmentRefused = {
  type: 'object',
  // No required fields: a catalogue error with status 409 (ErrorBody) must serialise through this too.
  properties: {
    status: { type: 'integer', enum: [0] },
    error: { type: 'string' },
    code: { type: 'string' },
    messageKey: { type: 'string' },
    message: { type: 'string' },
    statusCode: { type: 'integer' },
    details: {},
  },
} as const;

export const StateResult = {
  type: 'object',
  required: ['status', 'enrolment'],
  properties: { status: { const: 1 }, message: { type: 'string' }, enrolment: enrolmentViewSchema },
} as const;

const lockFields = {
  complete: { type: 'boolean' },
  completed_at: { type: ['integer', 'null'], description: 'Completion time in seconds' },
  locked: { type: 'boolean' },
  reason: { type: ['string', 'null'], enum: ['unit_lock', 'drip', null], description: 'Why the item is locked' },
  opens_at: { type: ['integer', 'null'], description: 'Drip release time in seconds' },
} as const;

export const PlayerSchema = {
  type: 'object',
  required: ['course', 'enrolment', 'items', 'next'],
  properties: {
    course: {
      type: 'object',
      required: ['id', 'title', 'slug', 'unitLock'],
      properties: { id: { type: 'string' }, title: { type: 'string' }, slug: { type: 'string' }, unitLock: { type: 'boolean' } },
    },
    enrolment: enrolmentViewSchema,
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'post_type', 'title', 'complete', 'locked', 'reason', 'opens_at', 'completed_at'],
        properties: { id: { type: 'string' }, post_type: { type: 'string' }, title: { type: 'string' }, ...lockFields },
      },
    },
    next: { type: ['string', 'null'], description: 'The item to continue with' },
  },
} as const;

export const MyCoursesSchema = {
  type: 'object',
  required: ['items', 'total'],
  properties: {
    total: { type: 'integer' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['course', 'status', 'progress', 'startAt', 'expiry', 'expired', 'unlimited', 'continue_item', 'enrolled_at'],
        properties: {
          course: {
            type: 'object',
            required: ['id', 'title', 'slug', 'featured_image'],
            properties: { id: { type: 'string' }, title: { type: 'string' }, slug: { type: 'string' }, featured_image: { type: ['string', 'null'] } },
          },
          status: { type: 'integer' },
          progress: { type: 'integer' },
          startAt: { type: ['integer', 'null'] },
          expiry: { type: ['integer', 'null'] },
          expired: { type: 'boolean' },
          unlimited: { type: 'boolean', description: 'The expiry is the no-time-limit default (9999 days): show "No time limit", not the date' },
          continue_item: { type: ['string', 'null'] },
          enrolled_at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
} as const;

export const RosterSchema = {
  type: 'object',
  required: ['items', 'total'],
  properties: {
    total: { type: 'integer' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['student_id', 'name', 'email', 'status', 'progress', 'marks', 'startAt', 'expiry', 'enrolled_at'],
        properties: {
          student_id: { type: 'string' },
          name: { type: 'string' },
          email: { type: ['string', 'null'] },
          status: { type: 'integer' },
          progress: { type: 'integer' },
          marks: { type: 'integer' },
          startAt: { type: ['integer', 'null'] },
          expiry: { type: ['integer', 'null'] },
          enrolled_at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
} as const;

/**
 * Passes a route schema through unchanged. The OpenAPI fields (tags, summary, description) are
 * typed by the kernel's @fastify/swagger augmentation, which this package does not see; a value
 * returned from a function is not checked for excess properties, so the plugin type-checks alone.
 */
export function openApi<T extends object>(schema: T): T {
  return schema;
}
