/** Notifications, account alerts and touchpoints: what the kernel wires in. */
import './hooks.js';
export { createNotifications, type NotificationSetup } from './setup.js';
export { notificationRoutes, type NotificationRouteDeps } from './routes/index.js';
export { NotificationService } from './notification-service.js';
export {
  TouchpointRegistry,
  TouchpointError,
  DEFAULT_SUBJECT,
  DEFAULT_SETTING,
  type FireInput,
  type FireResult,
  type AccountTouchpoint,
} from './touchpoint-registry.js';
export { KERNEL_TOUCHPOINTS, type TouchpointDefinition } from './kernel-touchpoints.js';
export { NotificationTokens } from './tokens.js';
export { fromRequest, runInAccount, type WorkScope } from './work-scope.js';
export type { Notification, NewNotification, NotificationData, NotificationType, AccountNotification, NewAccountNotification } from './types.js';
