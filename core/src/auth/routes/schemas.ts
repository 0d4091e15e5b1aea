import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { JsonObject, type Wire } from '../../schema/kit.js';
import type { SessionTokens } from '../session-service.js';
import type { AuthUserJson } from '../user-store.js';

/** Loose schemas for GoTrue bodies: the client adds fields of its own (gotrue_meta_security…). */
export const AnyObject = JsonObject;

export const UserSchema = Type.Object(
  { id: Type.String(), aud: Type.String(), role: Type.String(), email: Type.Optional(Type.String()), phone: Type.Optional(Type.String()) },
  { additionalProperties: true },
);

export const SessionSchema = Type.Object(
  {
    access_token: Type.Optional(Type.String()),
    token_type: Type.Optional(Type.String()),
    expires_in: Type.Optional(Type.Integer()),
    expires_at: Type.Optional(Type.Integer()),
    refresh_token: Type.Optional(Type.String()),
    user: Type.Optional(UserSchema),
  },
  { additionalProperties: true },
);

/** A session, or (sign-up awaiting confirmation) a bare user. */
export const SessionOrUser = Type.Unsafe<SessionTokens | AuthUserJson>({ type: 'object', additionalProperties: true });

// No minimum lengths: an empty value must get GoTrue's own message from the handler, not a schema error.
export const Email = Type.String({ maxLength: 254 });
export const Phone = Type.String({ maxLength: 32 });
export const Password = Type.String({ maxLength: 256 });
export const Metadata = JsonObject;

export const AuthErrorSchema = Type.Object(
  { code: Type.Optional(Type.String()), error_code: Type.Optional(Type.String()), message: Type.Optional(Type.String()), msg: Type.Optional(Type.String()) },
  { additionalProperties: true },
);

/** Response schemas of an auth route: its success body, and GoTrue-shaped errors. */
export function authResponses<S extends Record<number, TSchema>>(success: S) {
  return { ...success, '4xx': AuthErrorSchema, '5xx': AuthErrorSchema };
}

/** Wire types (what supabase-js receives; the dashboard reads them through supabase-js's own types). */
export type AuthUserWire = Wire<Static<typeof UserSchema>>;
export type AuthSessionWire = Wire<Static<typeof SessionSchema>>;
export type AuthErrorWire = Wire<Static<typeof AuthErrorSchema>>;
