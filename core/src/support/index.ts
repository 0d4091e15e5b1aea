import type { FastifyInstance } from 'fastify';
import { accountTicketRoutes } from './routes/account-tickets.js';
import { platformTicketRoutes, type PlatformTicketDeps } from './routes/platform-tickets.js';

export type SupportRouteDeps = PlatformTicketDeps;
export { ticketStore, TICKET_CATEGORIES, TICKET_STATUSES, type Ticket, type TicketMessage, type TicketCategory, type TicketStatus } from './ticket-store.js';

/** Support tickets: the account's side (/api/account/tickets) and the platform's (/api/platform/tickets). */
export async function supportRoutes(app: FastifyInstance, deps: SupportRouteDeps): Promise<void> {
  await accountTicketRoutes(app);
  await platformTicketRoutes(app, deps);
}
