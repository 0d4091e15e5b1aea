import type { FastifyRequest } from 'fastify';

/** JSON schemas shared by the notification, alert and touchpoint routes. */

export const Uuid = { type: 'string', format: 'uuid' } as const;

export const IdParams = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: Uuid } } as const;

/** Bodies of actions that take no input (PUT …/read): an empty object, or no body at all (see bodyOptional). */
export const EmptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

/** preValidation hook: a request sent without any body is validated as `{}`. */
export async function bodyOptional(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

export const Status = { type: 'object', required: ['status'], additionalProperties: false, properties: { status: { type: 'boolean' } } } as const;

export const NotificationTypeSchema = { type: 'string', enum: ['chat', 'other'] } as const;

export const NotificationDataSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'Who did what to what (SPEC §3: action actor, action, object, content)',
  properties: {
    actor: { type: 'string', maxLength: 500 },
    action: { type: 'string', maxLength: 200 },
    object: { type: 'string', maxLength: 500 },
    content: { type: 'string', maxLength: 5000 },
  },
} as const;

export const NotificationSchema = {
  type: 'object',
  required: ['id', 'user_id', 'component', 'type', 'title', 'message', 'data', 'item_id', 'read', 'created_at'],
  properties: {
    id: Uuid,
    user_id: Uuid,
    component: { type: 'string' },
    type: NotificationTypeSchema,
    title: { type: 'string' },
    message: { type: 'string' },
    data: { type: 'object', properties: NotificationDataSchema.properties },
    item_id: { type: ['string', 'null'] },
    read: { type: 'boolean' },
    created_at: { type: 'string', format: 'date-time', description: 'SPEC §3 "time"' },
  },
} as const;

export const AccountNotificationSchema = {
  type: 'object',
  required: ['id', 'message', 'severity', 'read', 'created_at'],
  properties: {
    id: Uuid,
    message: { type: 'string', description: 'Sanitised HTML' },
    severity: { type: 'integer', minimum: 1, maximum: 5 },
    read: { type: 'boolean' },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

export const TouchpointKey = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-z][a-z0-9_.-]*$' } as const;

export const TouchpointSchema = {
  type: 'object',
  required: ['key', 'label', 'email', 'notification', 'subject', 'body', 'customized'],
  properties: {
    key: { type: 'string' },
    label: { type: 'string' },
    plugin: { type: 'string', description: 'The plugin that declares it; absent for the kernel' },
    email: { type: 'boolean', description: 'Send the email when it fires' },
    notification: { type: 'boolean', description: 'Leave a notification when it fires' },
    subject: { type: 'string', description: 'Effective subject template ({{token}} placeholders)' },
    body: { type: 'string', description: 'Effective HTML body template ({{token}} placeholders)' },
    customized: { type: 'boolean', description: 'The owner replaced the default subject or body' },
  },
} as const;
