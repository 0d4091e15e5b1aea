import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Timestamp, Uuid, type Wire } from '../../schema/kit.js';

/** Schemas shared by the member and role routes; their wire types are the dashboard's. */

export { Uuid };

export const Status = Type.Object({ status: Type.Boolean() }, { additionalProperties: false });

export const Member = Type.Object({
  user_id: Uuid,
  name: Type.String(),
  email: Nullable(Type.String()),
  slug: Type.String(),
  avatar: Nullable(Type.String(), { description: 'Storage path of the avatar, when one was uploaded' }),
  role: Type.Object({ id: Uuid, slug: Type.String(), name: Type.String() }),
  created_at: Timestamp,
});

/** kebab-case or snake_case, starting with a letter. */
export const RoleSlug = Type.String({ minLength: 2, maxLength: 40, pattern: '^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$' });
export const RoleName = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
/** Well-formed capability names; the handler also accepts any name a plugin declares. */
export const Caps = Type.Array(Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z][a-z0-9_.-]*$' }), { maxItems: 200 });

export const Role = Type.Object({
  id: Uuid,
  slug: Type.String(),
  name: Type.String(),
  caps: Type.Array(Type.String()),
  is_default: Type.Boolean({ description: 'Given to new members (sign-ups); exactly one role per account' }),
  member_count: Type.Integer(),
});

export const MemberList = Type.Object({
  members: Type.Array(Member),
  total: Type.Integer({ description: 'Members matching the filters' }),
});

export const RoleList = Type.Object({ roles: Type.Array(Role) });

export const Capability = Type.Object({ name: Type.String(), description: Type.String() });
export const CapabilityList = Type.Object({ capabilities: Type.Array(Capability) });

export const InviteBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 320 }),
    role_id: Type.Optional(Uuid),
    role: Type.Optional(RoleSlug),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
  },
  { additionalProperties: false, oneOf: [{ required: ['role_id'] }, { required: ['role'] }] },
);

export const NewRoleBody = Type.Object(
  { slug: RoleSlug, name: RoleName, caps: Caps, is_default: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const RoleChangesBody = Type.Object(
  {
    name: Type.Optional(RoleName),
    caps: Type.Optional(Caps),
    is_default: Type.Optional(Type.Boolean({ description: 'true moves the default flag to this role' })),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const MemberEmail = Type.Object({
  status: Type.Boolean(),
  user: Type.Object({ id: Type.String(), email: Type.String(), name: Type.String() }),
});

export const Me = Type.Object({
  user_id: Uuid,
  account_id: Uuid,
  role: Nullable(Type.Object({ slug: Type.String(), name: Type.String() }), {
    description: 'null only for a super-admin on the platform site who is not a member of it',
  }),
  caps: Type.Array(Type.String()),
  is_site_owner: Type.Boolean({ description: 'Can manage this account (manage_options)' }),
  is_super_admin: Type.Boolean({ description: "The user's email is on the platform's super-admin list" }),
});

/** Wire types (the dashboard's members and roles screens, plugins' member pickers). */
export type MemberWire = Wire<Static<typeof Member>>;
export type MemberListWire = Wire<Static<typeof MemberList>>;
export type RoleWire = Wire<Static<typeof Role>>;
export type RoleListWire = Wire<Static<typeof RoleList>>;
export type CapabilityWire = Wire<Static<typeof Capability>>;
export type CapabilityListWire = Wire<Static<typeof CapabilityList>>;
export type InviteBodyWire = Wire<Static<typeof InviteBody>>;
export type NewRoleBodyWire = Wire<Static<typeof NewRoleBody>>;
export type RoleChangesBodyWire = Wire<Static<typeof RoleChangesBody>>;
export type MemberEmailWire = Wire<Static<typeof MemberEmail>>;
export type MeWire = Wire<Static<typeof Me>>;
