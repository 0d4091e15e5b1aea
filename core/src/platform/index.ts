import type { FastifyInstance } from 'fastify';
import type { JobService } from '../jobs/job-service.js';
import type { AccountScope, PluginDefinition } from '../plugins/contract.js';
import type { FeatureCatalogue } from '../plugins/features.js';
import { accountRoutes } from './routes/accounts.js';
import { cronRoutes } from './routes/crons.js';
import { ownerRoutes } from './routes/owners.js';
import { pluginRoutes } from './routes/plugins.js';
import type { MailSender } from '../mail/mail-sender.js';

export interface PlatformDeps {
  catalogue: FeatureCatalogue;
  plugins: readonly PluginDefinition[];
  jobs: JobService;
  invalidateAccount(accountId: string): Promise<void>;
  invalidateMember(accountId: string, userId: string): Promise<void>;
  /** Forgets every cached member of an account (capabilities changed). */
  invalidateMembers(accountId: string): Promise<void>;
  /** Runs work in an account's own tenancy and transaction (the kernel's inAccount). */
  inAccount<T>(accountId: string, work: (scope: AccountScope) => Promise<T>): Promise<T>;
  /** The new owner's welcome e-mail goes through it (the outbox). */
  mail: MailSender;
  /** A site's public address (its platform host: a new site has no custom domain yet). */
  originOf(account: { slug: string; customDomain: string | null }): string;
}

/** The super-admin dashboard's services (SPEC §2): accounts, owners, crons and the plugin catalogue. */
export async function platformRoutes(app: FastifyInstance, deps: PlatformDeps): Promise<void> {
  await accountRoutes(app, deps);
  await ownerRoutes(app);
  await cronRoutes(app, deps);
  await pluginRoutes(app, deps);
}
