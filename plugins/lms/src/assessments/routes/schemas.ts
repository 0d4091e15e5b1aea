import { PagingSchema } from '@lectern/sdk';

/** JSON schemas shared by the assessment routes. */

export const Uuid = { type: 'string', format: 'uuid' } as const;
const NullableTimestamp = { type: ['string', 'null'], format: 'date-time' } as const;

export const params = (...names: string[]) => ({
  type: 'object',
  required: names,
  additionalProperties: false,
  properties: Object.fromEntries(names.map((n) => [n, Uuid])),
});

/** The kernel's list paging ({limit 1–100, default 20; offset}), shared through the SDK. */
export const Paging = PagingSchema;

/** The grading queue's filter: status 3 (awaiting evaluation) unless asked otherwise. */
export const QueueQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { status: { type: 'integer', minimum: 1, maximum: 4, default: 3 }, ...Paging },
} as const;

export const EmptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

export const Deleted = { type: 'object', required: ['status'], properties: { status: { type: 'boolean' }, deleted: { type: 'integer' } } } as const;

/** A question as its authors see it, answer included. */
export const AuthorQuestion = {
  type: 'object',
  required: ['id', 'type', 'prompt', 'marks', 'position', 'data'],
  properties: {
    id: Uuid,
    type: { type: 'string' },
    prompt: { type: 'string' },
    marks: { type: 'integer' },
    position: { type: 'integer' },
    data: { type: 'object', additionalProperties: true },
  },
} as const;

export const QuestionResultSchema = {
  type: 'object',
  required: ['awarded', 'max', 'outcome'],
  properties: { awarded: { type: 'integer' }, max: { type: 'integer' }, outcome: { type: 'string', enum: ['correct', 'partial', 'wrong', 'pending'] } },
} as const;

export { NullableTimestamp };
