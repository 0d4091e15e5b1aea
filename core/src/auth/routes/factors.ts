import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth-service.js';

/** MFA (TOTP) factors: enroll, challenge, verify (aal2), unenroll. */
export function factorRoutes(_app: FastifyInstance, _auth: AuthService, _rateLimit: object): void {
  // Filled in by the MFA work in progress.
}
