import { createToken } from '../container/tokens.js';
import type { NotificationService } from './notification-service.js';
import type { TouchpointRegistry } from './touchpoint-registry.js';

/**
 * Container tokens for plugins (`ctx.resolve(...)`). Tokens are `Symbol.for('lectern:<name>')`,
 * so a plugin can also rebuild them with the SDK's createToken('kernel.notifications').
 */
export const NotificationTokens = {
  Notifications: createToken<NotificationService>('kernel.notifications'),
  Touchpoints: createToken<TouchpointRegistry>('kernel.touchpoints'),
} as const;
