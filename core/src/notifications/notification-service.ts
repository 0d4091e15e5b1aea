import type { AnyDb } from '../db/database.js';
import { AppError, Errors } from '../errors/errors.js';
import type { HookBus } from '../hooks/hook-bus.js';
import { accountNotificationStore } from './account-notification-store.js';
import './hooks.js';
import { notificationStore } from './notification-store.js';
import { sanitizeRichText } from './sanitize.js';
import type { AccountNotification, NewAccountNotification, NewNotification, Notification } from './types.js';
import { hookScopeOf, type WorkScope } from './work-scope.js';

/**
 * Creates member notifications and account alerts (`kernel.notifications`). Writes go through the
 * caller's transaction; the 'notifications.created' action fires once it has committed.
 */
export class NotificationService {
  constructor(private readonly hooks: HookBus) {}

  /** Inserts a notification for a member of `scope.accountId`; announces it after commit. */
  async create(scope: WorkScope, input: NewNotification): Promise<Notification> {
    const row = await notificationStore.insert(scope.db, scope.accountId, input);
    const payload = { accountId: scope.accountId, userId: row.user_id, notificationId: row.id, type: row.type };
    scope.afterCommit(() => this.hooks.doAction('notifications.created', payload, hookScopeOf(scope)));
    return row;
  }

  /**
   * Posts an alert to an account. `db` is a transaction inside that account's tenancy (or system
   * access); the HTML is sanitised, and an empty result or a severity outside 1–5 is refused.
   */
  async createAccountNotification(db: AnyDb, input: NewAccountNotification): Promise<AccountNotification> {
    if (!Number.isInteger(input.severity) || input.severity < 1 || input.severity > 5) {
      throw new AppError(Errors.validation, 'severity must be an integer from 1 to 5');
    }
    const message = sanitizeRichText(input.message);
    if (message === '') throw new AppError(Errors.validation, 'message is empty once unsafe HTML is removed');
    return accountNotificationStore.insert(db, input.accountId, message, input.severity);
  }
}
