/** JSON schemas shared by the member and role routes. */

export const Uuid = { type: 'string', format: 'uuid' } as const;

export const Status = {
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: { status: { type: 'boolean' } },
} as const;

export const Member = {
  type: 'object',
  required: ['user_id', 'name', 'email', 'slug', 'avatar', 'role', 'created_at'],
  properties: {
    user_id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    email: { type: ['string', 'null'] },
    slug: { type: 'string' },
    avatar: { type: ['string', 'null'], description: 'Storage path of the avatar, when one was uploaded' },
    role: {
      type: 'object',
      required: ['id', 'slug', 'name'],
      properties: { id: { type: 'string', format: 'uuid' }, slug: { type: 'string' }, name: { type: 'string' } },
    },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

/** kebab-case or snake_case, starting with a letter. */
export const RoleSlug = { type: 'string', minLength: 2, maxLength: 40, pattern: '^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$' } as const;
export const RoleName = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;
/** Well-formed capability names; the handler also accepts any name a plugin declares. */
export const Caps = {
  type: 'array',
  maxItems: 200,
  items: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-z][a-z0-9_.-]*$' },
} as const;

export const Role = {
  type: 'object',
  required: ['id', 'slug', 'name', 'caps', 'is_default', 'member_count'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    slug: { type: 'string' },
    name: { type: 'string' },
    caps: { type: 'array', items: { type: 'string' } },
    is_default: { type: 'boolean', description: 'Given to new members (sign-ups); exactly one role per account' },
    member_count: { type: 'integer' },
  },
} as const;
