import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum, Uuid, type Wire } from '../schema/kit.js';
import type { OutboxStatus } from './outbox.js';
import type { Tokens } from './template.js';

/** Schemas of the site-mail routes (SPEC §7). */

export const OUTBOX_STATUSES = ['queued', 'sent', 'failed', 'kept'] as const satisfies readonly OutboxStatus[];

const Email = Type.String({ format: 'email', maxLength: 320 });

/** {{token}} values: strings, numbers, booleans or null, at most 100 of them. */
const TokensSchema = Type.Unsafe<Tokens>({
  type: 'object',
  maxProperties: 100,
  additionalProperties: { anyOf: [{ type: 'string', maxLength: 100_000 }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] },
});

const commonProperties = {
  from: Type.Optional(Email),
  subject: Type.Optional(Type.String({ maxLength: 998 })),
  tokens: Type.Optional(TokensSchema),
  account_id: Uuid,
  type: Type.Optional(Type.String({ maxLength: 100 })),
  text: Type.Optional(Type.String({ maxLength: 200_000 })),
  html: Type.Optional(Type.String({ maxLength: 500_000 })),
};

// The addressees first: `required` lists them before account_id, as before (Ajv reports the first missing).
export const EmailBody = Type.Object({ to: Email, ...commonProperties }, { additionalProperties: false });
export const BatchBody = Type.Object({ emails: Type.Array(Email, { minItems: 1 }), ...commonProperties }, { additionalProperties: false });
/** What both sends share: everything but the addressees. */
export type MessageBody = Omit<Static<typeof EmailBody>, 'to'>;

export const QueuedSchema = Type.Object({ status: StringEnum(['queued']), id: Type.String() });
export const BatchQueuedSchema = Type.Object({ status: StringEnum(['queued']), batch_id: Type.String(), count: Type.Integer() });

export const BatchParams = Type.Object({ id: Uuid });
export const BatchSchema = Type.Object({
  id: Type.Optional(Type.String()),
  total: Type.Optional(Type.Integer()),
  queued: Type.Optional(Type.Integer()),
  sent: Type.Optional(Type.Integer()),
  kept: Type.Optional(Type.Integer()),
  failed: Type.Optional(Type.Integer()),
  done: Type.Optional(Type.Boolean()),
  created_at: Type.Optional(Type.String()),
});

export const OutboxQuery = Type.Object(
  {
    status: Type.Optional(StringEnum(OUTBOX_STATUSES)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  },
  { additionalProperties: false },
);

export const OutboxItemSchema = Type.Object({
  id: Type.Optional(Type.String()),
  batch_id: Type.Optional(Nullable(Type.String())),
  to: Type.Optional(Type.String()),
  from: Type.Optional(Type.String()),
  reply_to: Type.Optional(Nullable(Type.String())),
  subject: Type.Optional(Type.String()),
  text: Type.Optional(Type.String()),
  html: Type.Optional(Nullable(Type.String())),
  type: Type.Optional(Nullable(Type.String())),
  status: Type.Optional(StringEnum(OUTBOX_STATUSES)),
  attempts: Type.Optional(Type.Integer()),
  last_error: Type.Optional(Nullable(Type.String())),
  created_at: Type.Optional(Type.String()),
  sent_at: Type.Optional(Nullable(Type.String())),
});
export type OutboxItem = Static<typeof OutboxItemSchema>;

export const OutboxSchema = Type.Object({ items: Type.Array(OutboxItemSchema), total: Type.Integer() });

/** Wire types of the site-mail routes. */
export type SiteEmailWire = Static<typeof EmailBody>;
export type BatchEmailWire = Static<typeof BatchBody>;
export type MailBatchWire = Wire<Static<typeof BatchSchema>>;
export type OutboxItemWire = Wire<OutboxItem>;
export type OutboxWire = Wire<Static<typeof OutboxSchema>>;
