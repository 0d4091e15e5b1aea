import type { NotificationType } from './types.js';

declare module '../hooks/hook-bus.js' {
  interface ActionHooks {
    /**
     * A notification row was committed for a member (fired after the transaction that inserted
     * it commits, never for rolled-back work). Realtime listens to push it to the member's devices.
     */
    'notifications.created': { accountId: string; userId: string; notificationId: string; type: NotificationType };
  }
}

export {};
