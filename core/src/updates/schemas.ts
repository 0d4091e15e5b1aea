import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PagingFields, Timestamp, Uuid, type Wire, IdParams, EmptyBody } from '../schema/kit.js';
export { IdParams, EmptyBody };

/**
 * Schemas of the platform-update routes; their wire types are the dashboard's (the super-admin's
 * Updates screen and the alerts bell). The read-status body is the notification routes' own.
 */
export { Status } from '../notifications/routes/schemas.js';

const Severity = Type.Integer({ minimum: 1, maximum: 5, description: '1 (info) to 5 (critical)' });

export const UpdateSchema = Type.Object({
  id: Uuid,
  title: Type.String(),
  body: Type.String({ description: 'Sanitised HTML' }),
  severity: Severity,
  published_at: Timestamp,
  created_by: Nullable(Uuid),
});

export const UpdateListQuery = Type.Object({ ...PagingFields }, { additionalProperties: false });
export const UpdateListSchema = Type.Object({ updates: Type.Array(UpdateSchema), total: Type.Integer() });

export const PublishBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    body: Type.String({ minLength: 1, maxLength: 50_000, description: 'HTML; scripts, styles and event handlers are removed' }),
    severity: Type.Optional(Type.Integer({ minimum: 1, maximum: 5, description: '1 (info) to 5 (critical)', default: 1 })),
  },
  { additionalProperties: false },
);

/** SPEC §7 getUpdates: each unread update as {id, updates: {…}}. */
export const UnreadSchema = Type.Object({
  id: Uuid,
  updates: Type.Object({ title: Type.String(), body: Type.String(), severity: Severity, published_at: Timestamp }),
});

export const UnreadBody = Type.Object({ account_id: Uuid }, { additionalProperties: false });
export const UnreadListSchema = Type.Object({ status: Type.Boolean(), notifications: Type.Array(UnreadSchema) });

/** Wire types (the super-admin's Updates screen, the account's alerts bell). */
export type PlatformUpdateWire = Wire<Static<typeof UpdateSchema>>;
export type PlatformUpdateListWire = Wire<Static<typeof UpdateListSchema>>;
export type PublishUpdateWire = Static<typeof PublishBody>;
export type UnreadUpdateWire = Wire<Static<typeof UnreadSchema>>;
export type UnreadUpdateListWire = Wire<Static<typeof UnreadListSchema>>;
