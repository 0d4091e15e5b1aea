import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type ThemeDefinition } from '@lectern/sdk';
import { recordedTriggers, type RecordedTriggers, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import ecommerce from '@lectern/plugin-ecommerce';
import lms from '@lectern/plugin-lms';
import marketing from '@lectern/plugin-marketing';
import { runActions } from '../automation/manual-run.js';
import { decoded } from '../notifications/helpers.js';
import { SmtpCapture } from '../support/smtp-capture.js';
import { startMailKernel, stopMailKernel } from '../support/touchpoint-kernel.js';

const API = '/api/marketing';
const AUDIENCE = 2_000;

interface Campaign {
  id: string;
  status: string;
  stop_reason: string | null;
  stats: { recipients: number; sent: number; skipped: number; failed: number; opened: number; clicked: number };
}

const BLOCKS = [
  { type: 'heading', text: 'Spring term' },
  { type: 'text', text: 'Hello {{name}},\n\nour new courses open on Monday.' },
  { type: 'button', label: 'See the courses', url: 'https://courses.example.com/spring?ref=mail' },
];

/**
 * Campaigns (issue 19 item 4): a campaign to 2,000 contacts reaches a real SMTP server, each copy
 * with the person's own tokens (open, click) and unsubscribe link; opens and clicks are counted and
 * raise email_opened and link_clicked; an unsubscribe keeps the person out of the next send; the
 * plan's monthly e-mails refuse a send they cannot cover before anything starts.
 */
describe('marketing: campaigns', () => {
  let t: TestKernel;
  let smtp: SmtpCapture;
  let triggers: RecordedTriggers;
  let site: TestAccount;
  let owner: TestMember;
  let listId: string;

  const call = async <T>(method: string, url: string, as: TestMember | null, payload?: unknown, status = 200): Promise<T> => {
    const res = await t.request({
      method: method as 'GET',
      url: `${API}${url}`,
      account: site,
      ...(as === null ? {} : { as }),
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<T>();
  };
  const system = <R>(query: ReturnType<typeof sql<R>>) => t.kernel.withSystem('test: campaigns', async (db) => (await query.execute(db)).rows);

  beforeAll(async () => {
    smtp = new SmtpCapture();
    // The real default theme draws the unsubscribe page, imported by name (no DOM types here).
    const themePackage: string = '@lectern/theme-default';
    const { theme } = (await import(themePackage)) as { theme: ThemeDefinition };
    t = await startMailKernel(smtp, { plugins: [lms, ecommerce, marketing], themes: { site: theme } });
    triggers = recordedTriggers(t.kernel);
    site = await t.createAccount({ plan: 'professional', features: ['marketing', 'lms'] });
    owner = await t.createMember(site, { role: 'owner' });
    listId = (await call<{ id: string }>('POST', '/lists', owner, { name: 'Students' }, 201)).id;
    // 2,000 active contacts on the list (written directly: their addresses are the test's own), five of them tagged vip.
    await system(sql`
      WITH made AS (
        INSERT INTO marketing_contacts (account_id, email, name, status, tags)
        SELECT ${site.id}::uuid, 'person' || n || '@campaign.test', 'Person ' || n, 1, CASE WHEN n <= 5 THEN '{vip}'::text[] ELSE '{}'::text[] END
          FROM generate_series(1, ${AUDIENCE}) AS n
        RETURNING id)
      INSERT INTO marketing_list_links (account_id, list_id, contact_id) SELECT ${site.id}::uuid, ${listId}::uuid, id FROM made`);
    // Someone who unsubscribed long ago is on the list too, and never mailed.
    await system(sql`
      WITH made AS (INSERT INTO marketing_contacts (account_id, email, name, status) VALUES (${site.id}, 'gone@campaign.test', 'Gone', 2) RETURNING id)
      INSERT INTO marketing_list_links (account_id, list_id, contact_id) SELECT ${site.id}::uuid, ${listId}::uuid, id FROM made`);
  }, 60_000);
  afterAll(async () => {
    await stopMailKernel(t, smtp);
  });

  it('refuses to send what is incomplete, tries a campaign on one address, then sends it to 2,000 contacts, each with their own links', async () => {
    const empty = await call<Campaign>('POST', '/campaigns', owner, { name: 'Empty' }, 201);
    expect((await call<{ error: string }>('POST', `/campaigns/${empty.id}/send`, owner, {}, 400)).error).toBe('campaign_incomplete');
    await call('POST', '/campaigns', owner, { name: 'Bad link', blocks: [{ type: 'button', label: 'Go', url: 'javascript:alert(1)' }] }, 400);
    await call('POST', '/campaigns', owner, { name: 'Bad list', audience: { list_ids: [crypto.randomUUID()] } }, 400);

    const campaign = await call<Campaign>(
      'POST',
      '/campaigns',
      owner,
      { name: 'Spring term', subject: 'News for {{name}}', preheader: 'Courses open Monday', blocks: BLOCKS, audience: { list_ids: [listId] } },
      201,
    );
    expect(await call('GET', `/campaigns/${campaign.id}/audience`, owner)).toEqual({ recipients: AUDIENCE });

    await call('POST', `/campaigns/${campaign.id}/test`, owner, { to: 'owner@campaign.test' });
    const test = decoded((await smtp.waitFor('owner@campaign.test')).raw);
    expect(test).toContain('Subject: [Test] News for Test');
    expect(test).toContain('https://courses.example.com/spring?ref=mail');
    const before = smtp.messages.length;

    const sending = await call<Campaign>('POST', `/campaigns/${campaign.id}/send`, owner, {});
    expect(sending.status).toBe('sending');
    expect(sending.stats.recipients).toBe(AUDIENCE);
    // Sent once: a second send, or a change, is refused.
    expect((await call<{ error: string }>('POST', `/campaigns/${campaign.id}/send`, owner, {}, 409)).error).toBe('campaign_not_draft');
    await call('PUT', `/campaigns/${campaign.id}`, owner, { name: 'Renamed' }, 409);

    await smtp.waitForCount(before + AUDIENCE);
    const mails = smtp.messages.slice(before).map((mail) => ({ to: mail.to, text: decoded(mail.raw), raw: mail.raw }));
    expect(new Set(mails.map((mail) => mail.to[0])).size).toBe(AUDIENCE);
    expect(mails.some((mail) => mail.to.includes('gone@campaign.test'))).toBe(false);
    const tokens = new Set<string>();
    for (const mail of mails) {
      const n = /person(\d+)@/.exec(mail.to[0]!)![1];
      expect(mail.text).toContain(`Subject: News for Person ${n}`);
      expect(mail.text).toContain(`Hello Person ${n},`);
      const open = /\/api\/marketing\/public\/campaigns\/open\/([0-9a-f]{64})/.exec(mail.text)![1]!;
      const click = /\/api\/marketing\/public\/campaigns\/click\/([0-9a-f]{64})\/0/.exec(mail.text)![1]!;
      expect(click).toBe(open);
      tokens.add(open);
      const footer = /\/subscribe\/unsubscribe\?contact=([0-9a-f-]{36})&(?:amp;)?token=([0-9a-f]{64})/.exec(mail.text)!;
      // The same link as the List-Unsubscribe header, for the mail program's own button.
      const headers = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      const header = /^List-Unsubscribe: <https?:\/\/[^>]+\/subscribe\/unsubscribe\?contact=([0-9a-f-]{36})&token=([0-9a-f]{64})>/m.exec(headers);
      expect(header?.slice(1)).toEqual(footer.slice(1));
      // The button's real address is only behind the tracked link.
      expect(mail.text).not.toContain('courses.example.com');
    }
    expect(tokens.size).toBe(AUDIENCE);
    await expect.poll(async () => (await call<Campaign>('GET', `/campaigns/${campaign.id}`, owner)).status, { timeout: 10_000 }).toBe('sent');
    expect((await call<Campaign>('GET', `/campaigns/${campaign.id}`, owner)).stats).toMatchObject({
      recipients: AUDIENCE,
      sent: AUDIENCE,
      skipped: 0,
      failed: 0,
    });
  }, 180_000);

  it('counts opens and clicks through each person’s token, raising email_opened and link_clicked once', async () => {
    const [person] = await system(sql<{ token: string; campaign_id: string; email: string }>`
      SELECT token, campaign_id, email FROM marketing_campaign_recipients WHERE account_id = ${site.id} AND email = 'person7@campaign.test'`);
    const opened = () => t.request({ url: `${API}/public/campaigns/open/${person!.token}`, account: site });
    const first = await opened();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/gif');
    await opened();
    // An unknown token still gets its image, and counts nothing.
    expect((await t.request({ url: `${API}/public/campaigns/open/${'f'.repeat(64)}`, account: site })).statusCode).toBe(200);

    const click = await t.request({ url: `${API}/public/campaigns/click/${person!.token}/0`, account: site });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://courses.example.com/spring?ref=mail');
    // A link the campaign does not have leads home, never elsewhere.
    expect((await t.request({ url: `${API}/public/campaigns/click/${person!.token}/5`, account: site })).headers.location).toBe('/');
    expect((await t.request({ url: `${API}/public/campaigns/click/nope/0`, account: site })).statusCode).toBe(400);

    const [row] = await system(sql<{ open_count: number; click_count: number }>`
      SELECT open_count, click_count FROM marketing_campaign_recipients WHERE account_id = ${site.id} AND token = ${person!.token}`);
    expect(row).toEqual({ open_count: 2, click_count: 1 });
    const raised = (await triggers.list()).filter((event) => event.accountId === site.id);
    expect(raised.filter((event) => event.trigger === 'email_opened')).toEqual([
      expect.objectContaining({ campaignId: person!.campaign_id, contactId: expect.any(String), email: 'person7@campaign.test' }),
    ]);
    expect(raised.filter((event) => event.trigger === 'link_clicked')).toEqual([
      expect.objectContaining({ campaignId: person!.campaign_id, email: 'person7@campaign.test', url: 'https://courses.example.com/spring?ref=mail' }),
    ]);
    // email_open_count: the person (a member with the address) opened twice; someone else never.
    const reader = await t.createMember(site, { role: 'student', email: 'person7@campaign.test' });
    const stranger = await t.createMember(site, { role: 'student', email: 'person8@campaign.test' });
    const opens = async (userId: string, args: Record<string, unknown>) =>
      (await runActions(t, owner, [], userId, { conditions: [{ key: 'email_open_count', args }] })).status;
    expect(await opens(reader.userId, { at_least: 2 })).toBe('completed');
    expect(await opens(reader.userId, { at_least: 3 })).toBe('skipped');
    expect(await opens(reader.userId, { at_least: 1, campaign_id: crypto.randomUUID() })).toBe('skipped');
    expect(await opens(stranger.userId, { at_least: 1 })).toBe('skipped');
    const [campaign] = await call<{ items: Campaign[] }>('GET', '/campaigns', owner).then((list) =>
      list.items.filter((item) => item.id === person!.campaign_id),
    );
    expect(campaign!.stats).toMatchObject({ opened: 1, clicked: 1 });
  });

  it('keeps a person who unsubscribed through their mail out of the next campaign', async () => {
    const mail = smtp.messages.find((message) => message.to.includes('person3@campaign.test'))!;
    const link = /(\/subscribe\/unsubscribe\?contact=[0-9a-f-]{36}&(?:amp;)?token=[0-9a-f]{64})/.exec(decoded(mail.raw))![1]!.replace('&amp;', '&');
    expect((await t.request({ url: link, account: site })).statusCode).toBe(200);

    const vip = await call<Campaign>(
      'POST',
      '/campaigns',
      owner,
      { name: 'VIP evening', subject: 'An evening for you', blocks: BLOCKS.slice(0, 2), audience: { tags: ['vip'] } },
      201,
    );
    const before = smtp.messages.length;
    expect((await call<Campaign>('POST', `/campaigns/${vip.id}/send`, owner, {})).stats.recipients).toBe(4);
    await smtp.waitForCount(before + 4);
    await expect.poll(async () => (await call<Campaign>('GET', `/campaigns/${vip.id}`, owner)).status).toBe('sent');
    const to = smtp.messages.slice(before).flatMap((message) => message.to);
    expect(to.sort()).toEqual(['person1@campaign.test', 'person2@campaign.test', 'person4@campaign.test', 'person5@campaign.test']);
  });

  it('addresses members by role, as students of courses and as customers, giving those without a contact one', async () => {
    const api = async <T>(method: string, url: string, as: TestMember, payload?: unknown, status = 200): Promise<T> => {
      const res = await t.request({ method: method as 'GET', url, account: site, as, ...(payload === undefined ? {} : { payload }) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
      return res.json<T>();
    };
    await t.createMember(site, { role: 'instructor', email: 'ines@audience.test', name: 'Ines' });
    const student = await t.createMember(site, { role: 'student', email: 'stan@audience.test', name: 'Stan' });
    const buyer = await t.createMember(site, { role: 'student', email: 'bea@audience.test', name: 'Bea' });
    const leaver = await t.createMember(site, { role: 'student', email: 'lee@audience.test', name: 'Lee' });
    await t.createMember(site, { role: 'student', email: 'nobody@audience.test' });
    // A free course with two students, one of whom unsubscribed from the site's mail long ago.
    const course = await api<{ id: string }>('POST', '/api/lms/courses', owner, { title: 'Audience course' }, 201);
    await api('POST', `/api/lms/courses/${course.id}/publish`, owner, {});
    for (const who of [student, leaver]) await api('POST', `/api/lms/player/${course.id}/enrol`, who, {}, 201);
    await system(sql`INSERT INTO marketing_contacts (account_id, email, name, status) VALUES (${site.id}, 'lee@audience.test', 'Lee', 2)`);
    // A customer: an offline order the owner marked paid.
    await api('PUT', '/api/ecommerce/settings', owner, { offline: { enabled: true } });
    const product = await api<{ id: string }>('POST', '/api/ecommerce/products', owner, { title: 'Guide', price: { type: 'onetime', amount: 900 } }, 201);
    const order = await api<{ order: { id: string } }>(
      'POST',
      '/api/ecommerce/checkout',
      buyer,
      { items: [{ id: product.id, quantity: 1 }], provider: 'offline' },
      201,
    );
    await api('POST', `/api/ecommerce/orders/${order.order.id}/paid`, owner, {});
    const roles = await api<{ roles: Array<{ id: string; slug: string }> }>('GET', '/api/account/roles', owner);
    const instructorRole = roles.roles.find((role) => role.slug === 'instructor')!.id;

    // Unknown roles and courses are refused with what was not found.
    const unknown = crypto.randomUUID();
    const refused = await call<{ error: string; details: unknown }>(
      'POST',
      '/campaigns',
      owner,
      { name: 'Lost', audience: { roles: [unknown], course_ids: [unknown] } },
      400,
    );
    expect(refused).toMatchObject({ error: 'campaign_audience_unknown', details: { roles: [unknown], course_ids: [unknown] } });

    // The course's students: Stan counts although he is no contact yet; Lee unsubscribed and does not.
    const students = await call<Campaign>(
      'POST',
      '/campaigns',
      owner,
      { name: 'Students', subject: 'Hi', blocks: BLOCKS, audience: { course_ids: [course.id] } },
      201,
    );
    expect(await call('GET', `/campaigns/${students.id}/audience`, owner)).toEqual({ recipients: 1 });

    const all = await call<Campaign>(
      'POST',
      '/campaigns',
      owner,
      { name: 'Everyone we know', subject: 'Hi {{name}}', blocks: BLOCKS, audience: { roles: [instructorRole], course_ids: [course.id], customers: true } },
      201,
    );
    expect(await call('GET', `/campaigns/${all.id}/audience`, owner)).toEqual({ recipients: 3 });
    const before = smtp.messages.length;
    expect((await call<Campaign>('POST', `/campaigns/${all.id}/send`, owner, {})).stats.recipients).toBe(3);
    await smtp.waitForCount(before + 3);
    await expect.poll(async () => (await call<Campaign>('GET', `/campaigns/${all.id}`, owner)).status).toBe('sent');
    const mails = smtp.messages.slice(before);
    expect(mails.flatMap((message) => message.to).sort()).toEqual(['bea@audience.test', 'ines@audience.test', 'stan@audience.test']);
    // Each copy carries its unsubscribe link: the new contacts are real ones, made for this send.
    for (const mail of mails) expect(decoded(mail.raw)).toMatch(/\/subscribe\/unsubscribe\?contact=[0-9a-f-]{36}/);
    const made = await system(
      sql<{
        email: string;
        status: number;
        source: string;
      }>`SELECT email, status, settings->>'source' AS source FROM marketing_contacts WHERE account_id = ${site.id} AND email LIKE '%@audience.test' ORDER BY email`,
    );
    expect(made).toEqual([
      { email: 'bea@audience.test', status: 1, source: 'campaign' },
      { email: 'ines@audience.test', status: 1, source: 'campaign' },
      { email: 'lee@audience.test', status: 2, source: null },
      { email: 'stan@audience.test', status: 1, source: 'campaign' },
    ]);
  });

  it('marks a contact bounced when their mail server refuses the copy for good, and leaves them out of the next campaign', async () => {
    const list = (await call<{ id: string }>('POST', '/lists', owner, { name: 'Bounces' }, 201)).id;
    await system(sql`
      WITH made AS (
        INSERT INTO marketing_contacts (account_id, email, name, status)
        VALUES (${site.id}, 'kept@bounce.test', 'Kept', 1), (${site.id}, 'nobody-here@bounce.test', 'Gone', 1)
        RETURNING id)
      INSERT INTO marketing_list_links (account_id, list_id, contact_id) SELECT ${site.id}::uuid, ${list}::uuid, id FROM made`);
    smtp.refused.add('nobody-here@bounce.test');
    const statusOf = async (email: string) =>
      (await system(sql<{ status: number }>`SELECT status FROM marketing_contacts WHERE account_id = ${site.id} AND email = ${email}`))[0]!.status;

    const first = await call<Campaign>('POST', '/campaigns', owner, { name: 'Bounce one', subject: 'Hi', blocks: BLOCKS, audience: { list_ids: [list] } }, 201);
    expect((await call<Campaign>('POST', `/campaigns/${first.id}/send`, owner, {})).stats.recipients).toBe(2);
    await smtp.waitFor('kept@bounce.test');
    // Refused once at RCPT TO (550), never tried again, and the contact is marked bounced (SPEC §3 status 3).
    await expect.poll(() => statusOf('nobody-here@bounce.test'), { timeout: 15_000 }).toBe(3);
    expect(smtp.refusals.filter((address) => address === 'nobody-here@bounce.test')).toHaveLength(1);
    expect(await statusOf('kept@bounce.test')).toBe(1);
    const [outbox] = await system(
      sql<{ status: string; attempts: number }>`SELECT status, attempts FROM mail_outbox WHERE account_id = ${site.id} AND "to" = 'nobody-here@bounce.test'`,
    );
    expect(outbox).toMatchObject({ status: 'failed', attempts: 1 });

    const second = await call<Campaign>(
      'POST',
      '/campaigns',
      owner,
      { name: 'Bounce two', subject: 'Hi', blocks: BLOCKS, audience: { list_ids: [list] } },
      201,
    );
    expect((await call<Campaign>('POST', `/campaigns/${second.id}/send`, owner, {})).stats.recipients).toBe(1);
  });

  it('refuses a send the month’s e-mails cannot cover, before anything starts', async () => {
    await system(sql`
      INSERT INTO mail_usage (account_id, month, count) VALUES (${site.id}, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'), 1000000)
      ON CONFLICT (account_id, month) DO UPDATE SET count = 1000000`);
    const next = await call<Campaign>('POST', '/campaigns', owner, { name: 'Too many', subject: 'Hi', blocks: BLOCKS, audience: { list_ids: [listId] } }, 201);
    const refused = await call<{ error: string; message: string }>('POST', `/campaigns/${next.id}/send`, owner, {}, 403);
    expect(refused.error).toBe('plan_limit_reached');
    expect(refused.message).toContain('e-mails a month');
    const after = await call<Campaign>('GET', `/campaigns/${next.id}`, owner);
    expect(after.status).toBe('draft');
    expect(after.stats.recipients).toBe(0);
    const [queued] = await system(
      sql<{ n: number }>`SELECT count(*)::int AS n FROM marketing_campaign_recipients WHERE account_id = ${site.id} AND campaign_id = ${next.id}`,
    );
    expect(queued!.n).toBe(0);
  });

  it('keeps each site’s campaigns to itself and lets no student manage them', async () => {
    const other = await t.createAccount({ plan: 'professional', features: ['marketing'] });
    const otherOwner = await t.createMember(other, { role: 'owner' });
    const res = await t.request({ url: `${API}/campaigns`, account: other, as: otherOwner });
    expect(res.json<{ items: unknown[] }>().items).toEqual([]);
    const student = await t.createMember(site, { role: 'student' });
    await call('GET', '/campaigns', student, undefined, 403);
  });
});
