import type { CapabilityWire, MemberWire, RoleWire } from '@lectern/sdk/wire';

/** The members and roles routes' answers (core/src/members/routes/schemas.ts). */
export type Member = MemberWire;
export type Role = RoleWire;
export type Capability = CapabilityWire;
export const ROLES_KEY = ['account-roles'] as const;
export const MEMBERS_KEY = ['account-members'] as const;
/** Role slugs: kebab-case or snake_case, starting with a letter (as the server checks). */
export const ROLE_SLUG = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$/;
