import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum, Uuid, type Wire } from '../schema/kit.js';
import { JOB_STATES } from './job-service.js';

/** Schemas of the super-admin's job routes; their wire types are the dashboard's (Crons screen). */

/** A job as the list shows it (the fields are not marked required: the document states them as before). */
export const JobSchema = Type.Object({
  id: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  retry_count: Type.Optional(Type.Integer()),
  retry_limit: Type.Optional(Type.Integer()),
  last_error: Type.Optional(Nullable(Type.String())),
  account_id: Type.Optional(Nullable(Type.String())),
  created_at: Type.Optional(Type.String()),
  completed_at: Type.Optional(Nullable(Type.String())),
});

export const JobListQuery = Type.Object(
  {
    state: Type.Optional(StringEnum(JOB_STATES)),
    name: Type.Optional(Type.String({ maxLength: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  },
  { additionalProperties: false },
);

export const JobListSchema = Type.Object({ jobs: Type.Array(JobSchema), total: Type.Integer() });

export const JobIdParams = Type.Object({ id: Uuid });
export const RetryBody = Type.Object({}, { additionalProperties: false });
export const RetrySchema = Type.Object({ status: Type.String(), job: JobSchema });

/** Wire types (the super-admin's Crons screen). */
export type JobWire = Wire<Static<typeof JobSchema>>;
export type JobListWire = Wire<Static<typeof JobListSchema>>;
export type JobRetryWire = Wire<Static<typeof RetrySchema>>;
