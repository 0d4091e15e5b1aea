import type { PluginManifest } from '../plugins/manifest.js';

/** SPEC §6 capabilities the kernel knows; plugins add theirs through their manifests. */
export const KERNEL_CAPABILITIES = {
  manage_options: 'Full account management',
  admin: 'Fetches site updates and sees the admin rail on public pages',
  edit_posts: 'Writes pages and posts; sees the create menu',
  create_courses: 'Creates and teaches courses',
  manage_curriculum: 'Edits course curricula',
  manage_students: 'Manages course students',
  manage_submissions: 'Evaluates quizzes and assignments',
  manage_stats: 'Sees course statistics',
  read: 'Signed-in member',
} as const;

export interface RoleTemplate {
  slug: string;
  name: string;
  caps: string[];
  isDefault: boolean;
}

const COURSE_AREA = ['manage_curriculum', 'manage_students', 'manage_submissions', 'manage_stats'];

/** The roles every new account starts with; sign-ups get the default one (student). */
export function defaultRoles(manifests: readonly PluginManifest[]): RoleTemplate[] {
  const templates: RoleTemplate[] = [
    { slug: 'owner', name: 'Owner', caps: ['manage_options', 'admin', 'edit_posts', 'create_courses', ...COURSE_AREA, 'read'], isDefault: false },
    { slug: 'instructor', name: 'Instructor', caps: ['create_courses', 'edit_posts', ...COURSE_AREA, 'read'], isDefault: false },
    { slug: 'student', name: 'Student', caps: ['read'], isDefault: true },
  ];
  for (const template of templates) template.caps = [...new Set([...template.caps, ...pluginCapsFor(template.slug, manifests)])];
  return templates;
}

/** Capabilities plugins grant by default to a role slug. */
export function pluginCapsFor(roleSlug: string, manifests: readonly PluginManifest[]): string[] {
  return manifests.flatMap((m) => (m.capabilities ?? []).filter((c) => c.roles.includes(roleSlug)).map((c) => c.name));
}
