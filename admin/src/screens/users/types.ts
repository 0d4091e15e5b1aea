export interface Member {
  user_id: string;
  name: string;
  email: string | null;
  slug: string;
  avatar: string | null;
  role: { id: string; slug: string; name: string };
  created_at: string;
}
export interface Role {
  id: string;
  slug: string;
  name: string;
  caps: string[];
  is_default: boolean;
  member_count: number;
}
export interface Capability {
  name: string;
  description: string;
}
export const ROLES_KEY = ['account-roles'] as const;
export const MEMBERS_KEY = ['account-members'] as const;
/** Role slugs: kebab-case or snake_case, starting with a letter (as the server checks). */
export const ROLE_SLUG = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$/;
