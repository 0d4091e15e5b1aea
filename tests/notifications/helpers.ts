import type { NewNotification, Notification } from '../../core/src/notifications/index.js';
import type { TestAccount, TestKernel } from '@lectern/sdk/testing';

/** Inserts a notification through the kernel service in its own transaction, then runs its after-commit work. */
export async function notify(t: TestKernel, account: TestAccount, input: NewNotification): Promise<Notification> {
  const tasks: Array<() => void | Promise<void>> = [];
  const row = await t.kernel.inAccount(account.id, (scope) =>
    t.kernel.notifications.create({ db: scope.db, accountId: account.id, features: scope.account.features, afterCommit: (task) => tasks.push(task) }, input),
  );
  for (const task of tasks) await task();
  return row;
}

/** A captured message's text with quoted-printable encoding undone. */
export function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
