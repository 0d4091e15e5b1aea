/** A member notification's kind: chat messages (the chat dropdown) or anything else (the bell). */
export type NotificationType = 'chat' | 'other';

export const NOTIFICATION_TYPES: readonly NotificationType[] = ['chat', 'other'];

/** SPEC §3 Notification.data: who did what to what, and an optional excerpt. */
export interface NotificationData {
  actor?: string;
  action?: string;
  object?: string;
  content?: string;
}

export interface NewNotification {
  userId: string;
  /** What produced it: 'kernel', a plugin name, or a feature area (lms, chat, …). */
  component: string;
  type?: NotificationType;
  title: string;
  message?: string;
  data?: NotificationData;
  /** The thing it is about (a course id, a message id, …). */
  itemId?: string | null;
}

/** A member notification as the API returns it. */
export interface Notification {
  id: string;
  user_id: string;
  component: string;
  type: NotificationType;
  title: string;
  message: string;
  data: NotificationData;
  item_id: string | null;
  read: boolean;
  created_at: Date;
}

/** SPEC §3 Account notification ("alert"): HTML message, severity 1 (info) to 5 (critical). */
export interface AccountNotification {
  id: string;
  message: string;
  severity: number;
  read: boolean;
  created_at: Date;
}

export interface NewAccountNotification {
  accountId: string;
  /** HTML; sanitised before it is stored. */
  message: string;
  /** 1 to 5. */
  severity: number;
}

export interface NotificationFilters {
  component?: string;
  type?: NotificationType;
  read?: boolean;
  itemId?: string;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}
