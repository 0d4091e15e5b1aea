import type { FastifyRequest } from 'fastify';

/**
 * Route config for the super-admin dashboard's APIs: a platform super-admin (SUPERADMIN_EMAILS) on
 * the platform's own site. The check, not the capability, is what decides: a tenant role that
 * happened to name `platform_admin` would still be refused.
 */
export const PLATFORM_ADMIN = {
  capability: 'platform_admin',
  check: (request: FastifyRequest) => request.ctx.isSuperAdmin && request.ctx.account.isPlatform,
} as const;
