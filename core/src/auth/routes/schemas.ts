/** Loose JSON schemas for GoTrue bodies: the client adds fields of its own (gotrue_meta_security…). */
export const AnyObject = { type: 'object', additionalProperties: true } as const;

export const UserSchema = {
  type: 'object',
  additionalProperties: true,
  required: ['id', 'aud', 'role'],
  properties: { id: { type: 'string' }, aud: { type: 'string' }, role: { type: 'string' }, email: { type: 'string' }, phone: { type: 'string' } },
} as const;

export const SessionSchema = {
  type: 'object',
  additionalProperties: true,
  properties: {
    access_token: { type: 'string' },
    token_type: { type: 'string' },
    expires_in: { type: 'integer' },
    expires_at: { type: 'integer' },
    refresh_token: { type: 'string' },
    user: UserSchema,
  },
} as const;

/** A session, or (sign-up awaiting confirmation) a bare user. */
export const SessionOrUser = { type: 'object', additionalProperties: true } as const;

// No minimum lengths: an empty value must get GoTrue's own message from the handler, not a schema error.
export const Email = { type: 'string', maxLength: 254 } as const;
export const Phone = { type: 'string', maxLength: 32 } as const;
export const Password = { type: 'string', maxLength: 256 } as const;
export const Metadata = { type: 'object', additionalProperties: true } as const;

export const AuthErrorSchema = {
  type: 'object',
  additionalProperties: true,
  properties: { code: { type: 'string' }, error_code: { type: 'string' }, message: { type: 'string' }, msg: { type: 'string' } },
} as const;

/** Response schemas of an auth route: its success body, and GoTrue-shaped errors. */
export function authResponses(success: Record<number, unknown>): Record<string, unknown> {
  return { ...success, '4xx': AuthErrorSchema, '5xx': AuthErrorSchema };
}
