import type { FastifyInstance } from 'fastify';
import type { OptionsService } from '../../options/options-service.js';
import type { NotificationService } from '../notification-service.js';
import type { TouchpointRegistry } from '../touchpoint-registry.js';
import { alertRoutes } from './alert-routes.js';
import { memberNotificationRoutes } from './member-routes.js';
import { touchpointRoutes } from './touchpoint-routes.js';

export interface NotificationRouteDeps {
  notifications: NotificationService;
  touchpoints: TouchpointRegistry;
  options: OptionsService;
}

/** Member notifications, account alerts and the owner's touchpoint settings. */
export async function notificationRoutes(app: FastifyInstance, deps: NotificationRouteDeps): Promise<void> {
  await memberNotificationRoutes(app);
  await alertRoutes(app, deps);
  await touchpointRoutes(app, deps);
}
