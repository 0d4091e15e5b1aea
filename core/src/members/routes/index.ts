import type { FastifyInstance } from 'fastify';
import type { MemberDirectory } from '../member-directory.js';

export interface MemberRouteDeps {
  members: MemberDirectory;
  superadminEmails: ReadonlySet<string>;
}

/** Members and roles of an account, site-owner checks and user email lookups. */
export async function memberRoutes(_app: FastifyInstance, _deps: MemberRouteDeps): Promise<void> {
  // Filled in by the members-and-roles work in progress.
}
