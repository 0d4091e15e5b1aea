import { sql } from 'kysely';
import type { Kernel } from '../kernel.js';
import type { DemoUsers } from '../plugins/contract.js';
import { DEMO_SITE_SECTIONS, seedDemoSiteContent, seedPlatformSite } from './demo-site.js';
import { accountOrigin } from '../plugins/services.js';

export const DEMO_PASSWORD = 'demo-password-1';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  url: string;
}

export interface DemoSummary {
  platformUrl: string;
  demoUrl: string;
  logins: DemoLogin[];
}

/**
 * On an empty database: the platform's own account (served on PLATFORM_DOMAIN), a demo tenant
 * `demo` with every add-on its plan includes switched on, a member for each role, and whatever
 * demo data the plugins add through their seed entry points. Does nothing once any account exists.
 */
export async function seedDemo(kernel: Kernel): Promise<DemoSummary | null> {
  const existing = await kernel.database.owner.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (existing !== undefined) return null;
  const { admin, config } = kernel;
  // The same addresses mail and jobs link to (one rule for the port and the platform's own host).
  const platformUrl = accountOrigin(config, { slug: 'platform', customDomain: null, isPlatform: true });
  const demoUrl = accountOrigin(config, { slug: 'demo', customDomain: null });

  const platform = await admin.createAccount({ slug: 'platform', name: 'Lectern', plan: 'dedicated', isPlatform: true });
  const features = Object.fromEntries(
    kernel.features
      .list()
      .filter((f) => kernel.features.availableOn('professional', f.feature) && f.feature !== 'single_session')
      .map((f) => [f.feature, true]),
  );
  const demo = await admin.createAccount({ slug: 'demo', name: 'Demo Academy', plan: 'professional', features });

  const people = [
    { key: 'superAdmin', role: 'super-admin', email: 'admin@platform.test', name: 'Platform Admin', account: platform.id, roleSlug: 'owner', url: platformUrl },
    { key: 'owner', role: 'owner', email: 'owner@demo.test', name: 'Olivia Owner', account: demo.id, roleSlug: 'owner', url: demoUrl },
    { key: 'instructor', role: 'instructor', email: 'instructor@demo.test', name: 'Ian Instructor', account: demo.id, roleSlug: 'instructor', url: demoUrl },
    { key: 'student', role: 'student', email: 'student@demo.test', name: 'Sam Student', account: demo.id, roleSlug: 'student', url: demoUrl },
  ] as const;
  const users: Record<string, string> = {};
  for (const person of people) {
    const user = await admin.createUser({ email: person.email, password: DEMO_PASSWORD, displayName: person.name });
    await admin.addMember(person.account, user.id, person.roleSlug);
    users[person.key] = user.id;
  }

  await seedSampleSite(kernel, {
    accountId: demo.id,
    platformAccountId: platform.id,
    users: { superAdmin: users.superAdmin as string, owner: users.owner as string, instructor: users.instructor as string, student: users.student as string },
  });
  await kernel.inAccount(platform.id, ({ db }) => seedPlatformSite(db, platform.id, users.superAdmin as string));
  return {
    platformUrl,
    demoUrl,
    logins: people.map((p) => ({ role: p.role, email: p.email, password: DEMO_PASSWORD, url: `${p.url}/login` })),
  };
}

export interface SampleSiteInput {
  accountId: string;
  platformAccountId: string;
  /** Members of the account (owner, instructor, student) and the platform's super-admin. */
  users: DemoUsers;
}

/**
 * Gives an account the demo site: its look, menus, pages and posts, and every plugin's demo data
 * (courses, products…). The demo tenant gets it at first start; the route-wide security suite gives
 * it to two accounts so every table holds rows of both.
 */
export async function seedSampleSite(kernel: Kernel, input: SampleSiteInput): Promise<void> {
  const sections = DEMO_SITE_SECTIONS;
  await kernel.database.owner
    .updateTable('accounts')
    .set({
      settings: sql`settings || ${JSON.stringify(sections.settings)}::jsonb`,
      menus: JSON.stringify(sections.menus),
      header: JSON.stringify(sections.header),
      footer: JSON.stringify(sections.footer),
    })
    .where('id', '=', input.accountId)
    .execute();
  await kernel.accounts.invalidate(input.accountId);
  await kernel.inAccount(input.accountId, ({ db }) => seedDemoSiteContent(db, input.accountId, input.users.owner));
  for (const plugin of kernel.plugins.plugins) {
    if (plugin.seed === undefined) continue;
    await plugin.seed({
      ...kernel.plugins.context(plugin.manifest.name),
      platformAccountId: input.platformAccountId,
      demoAccountId: input.accountId,
      users: input.users,
    });
  }
}
