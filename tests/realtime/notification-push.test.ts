import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthSite, type AuthSite } from '../support/auth-site.js';
import { onlineUsers, PASSWORD, subscribe, waitFor } from './realtime-helpers.js';

/** SPEC §4: a new notification reaches the member's open dashboards as a `notification` broadcast on onlineUsers. */
describe('notifications pushed over realtime', () => {
  let s: AuthSite;
  beforeAll(async () => {
    s = await startAuthSite();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a notification created for a member is broadcast to their site only', async () => {
    const site = await s.site({ slug: 'pushy' });
    const other = await s.site({ slug: 'quiet' });
    const tab = s.client(site);
    const { data } = await tab.client.auth.signUp({ email: 'pushy@example.test', password: PASSWORD });
    const elsewhere = s.client(other);
    await elsewhere.client.auth.signUp({ email: 'quiet@example.test', password: PASSWORD });

    const here = onlineUsers(tab.client, data.user!.id);
    const there = onlineUsers(elsewhere.client, 'quiet');
    expect((await subscribe(here.channel)).status).toBe('SUBSCRIBED');
    expect((await subscribe(there.channel)).status).toBe('SUBSCRIBED');

    const { runInAccount } = await import('../../core/src/notifications/work-scope.js');
    const created = await runInAccount(s.t.kernel.inAccount, s.t.app.log, site.account.id, (scope) =>
      s.t.kernel.notifications.create(scope, { userId: data.user!.id, component: 'courses', title: 'Welcome', message: 'Your course starts today' }),
    );
    const pushed = await waitFor(() => here.messages.find((m) => m.event === 'notification'), 5_000, 'the notification broadcast');
    expect(pushed.payload).toMatchObject({ user_id: data.user!.id, notification_id: created.id, type: 'other' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(there.messages).toEqual([]);
  });
});
