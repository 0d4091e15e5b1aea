import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { Nullable, PagingFields, StringEnum, Timestamp, Uuid, type Wire, IdParams, EmptyBody } from '../../schema/kit.js';
import { NOTIFICATION_TYPES } from '../types.js';

/** Schemas shared by the notification, alert and touchpoint routes; their wire types are the dashboard's bells and touchpoints. */

export { Uuid };

/** Bodies of actions that take no input (PUT …/read): the kit's EmptyBody, or no body at all (see bodyOptional). */
export { IdParams, EmptyBody };

/** preValidation hook: a request sent without any body is validated as `{}`. */
export async function bodyOptional(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

export const Status = Type.Object({ status: Type.Boolean() }, { additionalProperties: false });

export const NotificationTypeSchema = StringEnum(NOTIFICATION_TYPES);

const dataFields = {
  actor: Type.Optional(Type.String({ maxLength: 500 })),
  action: Type.Optional(Type.String({ maxLength: 200 })),
  object: Type.Optional(Type.String({ maxLength: 500 })),
  content: Type.Optional(Type.String({ maxLength: 5000 })),
};

/** Who did what to what, as plugins send it (closed: no other keys). */
export const NotificationDataSchema = Type.Object(dataFields, {
  additionalProperties: false,
  description: 'Who did what to what (SPEC §3: action actor, action, object, content)',
});

export const NotificationSchema = Type.Object({
  id: Uuid,
  user_id: Uuid,
  component: Type.String(),
  type: NotificationTypeSchema,
  title: Type.String(),
  message: Type.String(),
  data: Type.Object(dataFields),
  item_id: Nullable(Type.String()),
  read: Type.Boolean(),
  created_at: Type.Unsafe<string | Date>({ type: 'string', format: 'date-time', description: 'SPEC §3 "time"' }),
});

export const NotificationListQuery = Type.Object(
  {
    component: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    type: Type.Optional(NotificationTypeSchema),
    read: Type.Optional(Type.Boolean()),
    item_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    order: Type.Optional(StringEnum(['asc', 'desc'], { default: 'desc', description: 'By time' })),
    ...PagingFields,
  },
  { additionalProperties: false },
);

export const NotificationList = Type.Object({
  notifications: Type.Array(NotificationSchema),
  total: Type.Integer({ description: 'Notifications matching the filters' }),
});

export const UnreadCount = Type.Object({ count: Type.Integer() });

export const ReadAllBody = Type.Object({ type: Type.Optional(NotificationTypeSchema) }, { additionalProperties: false });
export const ReadAllResult = Type.Object({ updated: Type.Integer() });

export const AccountNotificationSchema = Type.Object({
  id: Uuid,
  message: Type.String({ description: 'Sanitised HTML' }),
  severity: Type.Integer({ minimum: 1, maximum: 5 }),
  read: Type.Boolean(),
  created_at: Timestamp,
});

export const AlertListQuery = Type.Object(
  {
    unread: Type.Optional(Type.Boolean({ default: true })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
    offset: PagingFields.offset,
  },
  { additionalProperties: false },
);

export const AlertList = Type.Object({
  notifications: Type.Array(AccountNotificationSchema),
  count: Type.Integer({ description: 'Unread alerts (the badge), whatever the filter' }),
});

export const AlertBody = Type.Object(
  {
    account_id: Uuid,
    message: Type.String({ minLength: 1, maxLength: 20_000, description: 'HTML; scripts, styles and event handlers are removed' }),
    severity: Type.Integer({ minimum: 1, maximum: 5 }),
  },
  { additionalProperties: false },
);

export const TouchpointKey = Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z][a-z0-9_.-]*$' });

export const TouchpointSchema = Type.Object({
  key: Type.String(),
  label: Type.String(),
  plugin: Type.Optional(Type.String({ description: 'The plugin that declares it; absent for the kernel' })),
  email: Type.Boolean({ description: 'Send the email when it fires' }),
  notification: Type.Boolean({ description: 'Leave a notification when it fires' }),
  subject: Type.String({ description: 'Effective subject template ({{token}} placeholders)' }),
  body: Type.String({ description: 'Effective HTML body template ({{token}} placeholders)' }),
  customized: Type.Boolean({ description: 'The owner replaced the default subject or body' }),
});

export const TouchpointParams = Type.Object({ key: TouchpointKey }, { additionalProperties: false });

export const TouchpointPatch = Type.Object(
  {
    email: Type.Optional(Type.Boolean()),
    notification: Type.Optional(Type.Boolean()),
    subject: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
    body: Type.Optional(Nullable(Type.String({ maxLength: 50_000 }), { description: 'HTML with {{token}} placeholders; unsafe HTML is removed' })),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** Wire types (the dashboard's bells, alerts and touchpoint settings). */
export type NotificationWire = Wire<Static<typeof NotificationSchema>>;
export type NotificationListWire = Wire<Static<typeof NotificationList>>;
export type AccountNotificationWire = Wire<Static<typeof AccountNotificationSchema>>;
export type AlertListWire = Wire<Static<typeof AlertList>>;
export type TouchpointWire = Wire<Static<typeof TouchpointSchema>>;
export type TouchpointPatchWire = Static<typeof TouchpointPatch>;
