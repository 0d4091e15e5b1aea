import type { FastifyInstance } from 'fastify';
import type { MemberDirectory } from '../member-directory.js';
import { capabilityRoutes } from './capabilities.js';
import { inviteRoutes } from './invite.js';
import { lookupRoutes } from './lookups.js';
import { meRoutes } from './me.js';
import { memberAdminRoutes } from './members.js';
import { roleRoutes } from './roles.js';

export interface MemberRouteDeps {
  members: MemberDirectory;
  superadminEmails: ReadonlySet<string>;
}

/** Members and roles of an account, site-owner checks and user email lookups. */
export async function memberRoutes(app: FastifyInstance, deps: MemberRouteDeps): Promise<void> {
  await memberAdminRoutes(app, deps);
  await inviteRoutes(app, deps);
  await roleRoutes(app, deps);
  await capabilityRoutes(app);
  await meRoutes(app);
  await lookupRoutes(app);
}
