import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

interface Ticket {
  id: string;
  number: number;
  subject: string;
  category: string;
  status: 'unresolved' | 'awaited' | 'resolved';
  opened_by: string | null;
  opener_name: string;
  last_reply_at: string;
  account?: { id: string; slug: string; name: string };
}
interface Message {
  id: string;
  author_id: string | null;
  author_name: string;
  from_staff: boolean;
  body: string;
}
type Thread = Ticket & { messages: Message[]; message_total: number };

describe('support tickets', () => {
  let t: TestKernel;
  let platform: TestAccount;
  let root: TestMember;
  let a: TestAccount;
  let b: TestAccount;
  let ownerA: TestMember;
  let studentA: TestMember;
  let ownerB: TestMember;
  let first: Thread;

  beforeAll(async () => {
    t = await createTestKernel();
    ({ account: platform, superAdmin: root } = await t.platform({ role: 'owner', name: 'Rita Root' }));
    a = await t.createAccount({ slug: 'acme', name: 'Acme Academy' });
    b = await t.createAccount({ slug: 'bravo', name: 'Bravo School' });
    ownerA = await t.createMember(a, { role: 'owner', name: 'Olive Owner' });
    studentA = await t.createMember(a, { role: 'student' });
    ownerB = await t.createMember(b, { role: 'owner', name: 'Bert Owner' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const open = (as: TestMember, payload: unknown) => t.request({ method: 'POST', url: '/api/account/tickets', as, payload });
  const get = async <T>(as: TestMember, url: string): Promise<T> => {
    const res = await t.request({ url, as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const customerReply = (ticketId: string, body: string, as: TestMember = ownerA) =>
    t.request({ method: 'POST', url: `/api/account/tickets/${ticketId}/messages`, as, payload: { body } });
  const staffReply = (ticketId: string, body: string) =>
    t.request({ method: 'POST', url: `/api/platform/tickets/${ticketId}/messages`, as: root, payload: { body } });

  it('an owner opens a ticket: unresolved, numbered per account, with the first message and its author', async () => {
    const res = await open(ownerA, { subject: '  Site is down  ', category: 'siteDown', body: 'Our home page shows an error.' });
    expect(res.statusCode, res.body).toBe(201);
    first = res.json() as Thread;
    expect(first).toMatchObject({
      number: 1,
      subject: 'Site is down',
      category: 'siteDown',
      status: 'unresolved',
      opened_by: ownerA.userId,
      opener_name: 'Olive Owner',
      message_total: 1,
    });
    expect(first.messages).toEqual([
      expect.objectContaining({ author_id: ownerA.userId, author_name: 'Olive Owner', from_staff: false, body: 'Our home page shows an error.' }),
    ]);

    const second = (await open(ownerA, { subject: 'Dark mode please', category: 'feature', body: 'It would be nice.' })).json() as Thread;
    expect(second.number).toBe(2);
    // Numbers count per account: B's first ticket is #1 as well.
    const bTicket = (await open(ownerB, { subject: 'How do I add a course?', category: 'setup', body: 'Help with setup.' })).json() as Thread;
    expect(bTicket.number).toBe(1);
  });

  it('refuses bad input with validation_failed', async () => {
    for (const payload of [
      { subject: 'x', category: 'urgent', body: 'bad category' },
      { subject: '', category: 'bug', body: 'empty subject' },
      { subject: '   ', category: 'bug', body: 'blank subject' },
      { subject: 'x'.repeat(201), category: 'bug', body: 'long subject' },
      { subject: 'ok', category: 'bug', body: '' },
      { subject: 'ok', category: 'bug', body: 'x'.repeat(10_001) },
      { subject: 'ok', category: 'bug' },
      { subject: 'ok', category: 'bug', body: 'x', status: 'resolved' },
    ]) {
      const res = await open(ownerA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe('validation_failed');
    }
    expect((await t.request({ url: '/api/account/tickets/not-a-uuid', as: ownerA })).statusCode).toBe(400);
    expect((await t.request({ url: '/api/account/tickets?status=open', as: ownerA })).statusCode).toBe(400);
    const list = await get<{ total: number }>(ownerA, '/api/account/tickets');
    expect(list.total).toBe(2);
  });

  it('students may not see or open tickets; signed-out visitors get 401', async () => {
    expect((await t.request({ url: '/api/account/tickets', as: studentA })).statusCode).toBe(403);
    expect((await open(studentA, { subject: 'hi', category: 'issue', body: 'x' })).statusCode).toBe(403);
    expect((await t.request({ url: `/api/account/tickets/${first.id}`, as: studentA })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/account/tickets', account: a })).statusCode).toBe(401);
  });

  it("another account's owner cannot see, answer or resolve the ticket", async () => {
    const bList = await get<{ tickets: Ticket[]; total: number }>(ownerB, '/api/account/tickets');
    expect(bList.tickets.map((x) => x.subject)).toEqual(['How do I add a course?']);
    expect((await t.request({ url: `/api/account/tickets/${first.id}`, as: ownerB })).statusCode).toBe(404);
    expect((await customerReply(first.id, 'me too', ownerB)).statusCode).toBe(404);
    const resolve = await t.request({ method: 'PUT', url: `/api/account/tickets/${first.id}/status`, as: ownerB, payload: { status: 'resolved' } });
    expect(resolve.statusCode).toBe(404);
    expect((await get<Thread>(ownerA, `/api/account/tickets/${first.id}`)).status).toBe('unresolved');
  });

  it('super-admins list every account’s tickets with the account, filtered and paged', async () => {
    const all = await get<{ tickets: Ticket[]; total: number }>(root, '/api/platform/tickets');
    expect(all.total).toBe(3);
    expect(all.tickets.find((x) => x.id === first.id)?.account).toEqual({ id: a.id, slug: 'acme', name: 'Acme Academy' });
    expect(all.tickets.some((x) => x.account?.slug === 'bravo')).toBe(true);

    const onlyB = await get<{ tickets: Ticket[]; total: number }>(root, `/api/platform/tickets?account_id=${b.id}`);
    expect(onlyB.total).toBe(1);
    expect(onlyB.tickets[0]?.account?.name).toBe('Bravo School');
    const features = await get<{ tickets: Ticket[]; total: number }>(root, '/api/platform/tickets?category=feature');
    expect(features.tickets.map((x) => x.subject)).toEqual(['Dark mode please']);
    const page = await get<{ tickets: Ticket[]; total: number }>(root, '/api/platform/tickets?limit=1&offset=1');
    expect(page.tickets).toHaveLength(1);
    expect(page.total).toBe(3);
    expect((await t.request({ url: '/api/platform/tickets?category=nope', as: root })).statusCode).toBe(400);
  });

  it('account owners (even on the platform site) cannot use the platform routes', async () => {
    expect((await t.request({ url: '/api/platform/tickets', as: ownerA })).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: `/api/platform/tickets/${first.id}/messages`, as: ownerA, payload: { body: 'fake staff' } })).statusCode,
    ).toBe(403);
    const platformOwner = await t.createMember(platform, { role: 'owner' });
    expect((await t.request({ url: '/api/platform/tickets', as: platformOwner })).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'PUT', url: `/api/platform/tickets/${first.id}/status`, as: platformOwner, payload: { status: 'resolved' } })).statusCode,
    ).toBe(403);
    expect((await get<Thread>(ownerA, `/api/account/tickets/${first.id}`)).message_total).toBe(1);
  });

  it('a staff reply sets the ticket awaited and notifies the member who opened it', async () => {
    const res = await staffReply(first.id, 'We are looking into it.');
    expect(res.statusCode, res.body).toBe(201);
    const { ticket, message } = res.json() as { ticket: Ticket; message: Message };
    expect(ticket).toMatchObject({ id: first.id, status: 'awaited', account: { slug: 'acme' } });
    expect(message).toMatchObject({ from_staff: true, author_id: root.userId, author_name: 'Rita Root', body: 'We are looking into it.' });

    const bell = await get<{ notifications: Array<{ component: string; title: string; item_id: string | null; data: Record<string, string> }> }>(
      ownerA,
      '/api/notifications?component=support',
    );
    expect(bell.notifications.length).toBeGreaterThanOrEqual(1);
    expect(bell.notifications[0]).toMatchObject({ component: 'support', item_id: first.id, title: 'Support replied to ticket #1' });
    expect(bell.notifications[0]?.data.content).toBe('We are looking into it.');
    // Nobody else on the account is notified.
    expect((await get<{ total: number }>(studentA, '/api/notifications?component=support')).total).toBe(0);

    const thread = await get<Thread>(ownerA, `/api/account/tickets/${first.id}`);
    expect(thread.status).toBe('awaited');
    expect(thread.messages.map((m) => [m.from_staff, m.body])).toEqual([
      [false, 'Our home page shows an error.'],
      [true, 'We are looking into it.'],
    ]);
    expect(thread.message_total).toBe(2);
    const staffView = await get<Thread>(root, `/api/platform/tickets/${first.id}?limit=1&offset=1`);
    expect(staffView.messages.map((m) => m.body)).toEqual(['We are looking into it.']);
    expect(staffView.message_total).toBe(2);
    expect(staffView.account?.slug).toBe('acme');
  });

  it('customer reply → unresolved; resolve; a reply to a resolved ticket reopens it', async () => {
    const reply = await customerReply(first.id, 'Thanks, waiting.');
    expect(reply.statusCode, reply.body).toBe(201);
    expect((reply.json() as { ticket: Ticket }).ticket.status).toBe('unresolved');

    const resolved = await t.request({ method: 'PUT', url: `/api/account/tickets/${first.id}/status`, as: ownerA, payload: { status: 'resolved' } });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().status).toBe('resolved');
    const resolvedList = await get<{ tickets: Ticket[] }>(ownerA, '/api/account/tickets?status=resolved');
    expect(resolvedList.tickets.map((x) => x.id)).toEqual([first.id]);

    const reopened = await customerReply(first.id, 'It broke again.');
    expect((reopened.json() as { ticket: Ticket }).ticket.status).toBe('unresolved');
  });

  it('customers may only mark resolved; staff may set any status', async () => {
    const awaited = await t.request({ method: 'PUT', url: `/api/account/tickets/${first.id}/status`, as: ownerA, payload: { status: 'awaited' } });
    expect(awaited.statusCode).toBe(400);
    expect(awaited.json().error).toBe('validation_failed');
    for (const status of ['resolved', 'awaited', 'unresolved'] as const) {
      const res = await t.request({ method: 'PUT', url: `/api/platform/tickets/${first.id}/status`, as: root, payload: { status } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: first.id, status });
    }
    expect(
      (await t.request({ method: 'PUT', url: `/api/platform/tickets/${randomUUID()}/status`, as: root, payload: { status: 'resolved' } })).statusCode,
    ).toBe(404);
    expect((await staffReply(randomUUID(), 'hello')).statusCode).toBe(404);
  });

  it('lists newest activity first: answering an older ticket moves it to the top', async () => {
    const before = await get<{ tickets: Ticket[] }>(ownerA, '/api/account/tickets');
    expect(before.tickets.map((x) => x.number)).toEqual([1, 2]);
    const dark = before.tickets[1]!;
    await staffReply(dark.id, 'On the roadmap.');
    const after = await get<{ tickets: Ticket[]; total: number }>(ownerA, '/api/account/tickets');
    expect(after.tickets.map((x) => x.number)).toEqual([2, 1]);
    const page = await get<{ tickets: Ticket[]; total: number }>(ownerA, '/api/account/tickets?limit=1&offset=1');
    expect(page).toMatchObject({ total: 2, tickets: [expect.objectContaining({ number: 1 })] });
    const awaited = await get<{ tickets: Ticket[]; total: number }>(ownerA, '/api/account/tickets?status=awaited');
    expect(awaited.tickets.map((x) => x.number)).toEqual([2]);
  });

  it('tickets opened at the same time get distinct numbers', async () => {
    const results = await Promise.all([1, 2, 3].map((n) => open(ownerB, { subject: `Parallel ${n}`, category: 'bug', body: 'race' })));
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    const numbers = results.map((res) => (res.json() as Thread).number).sort();
    expect(numbers).toEqual([2, 3, 4]);
  });
});
