import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type ThemeDefinition } from '@lectern/sdk';
import { recordedTriggers, type RecordedTriggers, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import marketing from '@lectern/plugin-marketing';
import { decoded } from '../notifications/helpers.js';
import { startLocalDns, type LocalDns } from '../support/local-dns.js';
import { SmtpCapture } from '../support/smtp-capture.js';
import { startMailKernel, stopMailKernel } from '../support/touchpoint-kernel.js';

const API = '/api/marketing';

interface Step {
  kind: string;
  key: string;
  status: string;
  error: string | null;
}
interface Run {
  id: string;
  status: string;
  steps: Step[];
}
type Entry = { key: string; args: Record<string, unknown> };

/** A receiver of webhooks on loopback: what it got, in order. */
function webhookReceiver(): Promise<{ server: Server; url: string; port: number; got: Array<{ headers: IncomingMessage['headers']; body: string }> }> {
  const got: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      got.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/hooks/lectern`, port, got });
    }),
  );
}

/**
 * Marketing's automation parts (issue 19 item 5, SPEC §9) through the kernel's engine, as an
 * owner's automation reaches them: tags on the person's contact and tag_added, the user_has_tag
 * condition, mail to the person (with an unsubscribe link that stops the next one) and to fixed
 * addresses, a list joined, a signed webhook through the outbound guard (an address it does not
 * allow is refused before any connection), and a form's submission e-mailing its visitor.
 */
describe('marketing: automation triggers, conditions and actions', () => {
  let t: TestKernel;
  let dns: LocalDns;
  let smtp: SmtpCapture;
  let triggers: RecordedTriggers;
  let hooks: Awaited<ReturnType<typeof webhookReceiver>>;
  let elsewhere: Awaited<ReturnType<typeof webhookReceiver>>;
  let site: TestAccount;
  let owner: TestMember;
  let member: TestMember;

  const call = async <T>(method: string, url: string, payload?: unknown, status = 200): Promise<T> => {
    const res = await t.request({ method: method as 'GET', url, as: owner, ...(payload === undefined ? {} : { payload }) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<T>();
  };
  /** Waits for the automation's newest run to settle. */
  const settled = async (automationId: string, count = 1): Promise<Run> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { items } = await call<{ items: Run[] }>('GET', `/api/automations/runs?automation_id=${automationId}`);
      if (items.length >= count && ['completed', 'failed', 'skipped'].includes(items[0]!.status)) return items[0]!;
      if (Date.now() > deadline) throw new Error(`the run of ${automationId} did not settle: ${JSON.stringify(items[0])}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const automation = (actions: Entry[], conditions: Entry[] = [], trigger = 'manual') =>
    call<{ id: string }>('POST', '/api/automations', { name: 'Test', trigger_type: trigger, conditions, actions }, 201).then((made) => made.id);
  /** Starts a manual automation for a member and waits for the run. */
  const run = async (id: string, userId: string, count = 1) => {
    await call('POST', `/api/automations/${id}/run`, { user_id: userId }, 202);
    return settled(id, count);
  };
  const contactOf = async (email: string) =>
    (
      await call<{ items: Array<{ id: string; status: number; tags: string[]; lists: string[]; source: string; fields: Record<string, string> }> }>(
        'GET',
        `${API}/contacts?search=${encodeURIComponent(email)}`,
      )
    ).items[0];

  beforeAll(async () => {
    dns = await startLocalDns();
    dns.set('school-mail.com', 'MX', [{ exchange: 'mx.school-mail.com', priority: 10 }]);
    smtp = new SmtpCapture();
    hooks = await webhookReceiver();
    elsewhere = await webhookReceiver();
    const themePackage: string = '@lectern/theme-default';
    const { theme } = (await import(themePackage)) as { theme: ThemeDefinition };
    // Only the receiver's address is allowed through the outbound guard (loopback is refused otherwise).
    t = await startMailKernel(smtp, {
      plugins: [marketing],
      themes: { site: theme },
      env: { DNS_SERVERS: dns.server, OUTBOUND_ALLOW: `127.0.0.1:${hooks.port}` },
    });
    triggers = recordedTriggers(t.kernel);
    site = await t.createAccount({ plan: 'professional', features: ['marketing'], name: 'Bakery School' });
    owner = await t.createMember(site, { role: 'owner' });
    member = await t.createMember(site, { role: 'student', email: 'mia@school-mail.com', name: 'Mia' });
  });
  afterAll(async () => {
    await stopMailKernel(t, smtp);
    await dns?.close();
    hooks?.server.close();
    elsewhere?.server.close();
  });

  it('lists its triggers, conditions and actions in the catalogue', async () => {
    const catalogue = await call<{ triggers: Array<{ key: string }>; conditions: Array<{ key: string }>; actions: Array<{ key: string }> }>(
      'GET',
      '/api/automations/catalogue',
    );
    expect(catalogue.triggers.map((item) => item.key)).toEqual(expect.arrayContaining(['form_submitted', 'tag_added']));
    expect(catalogue.conditions.map((item) => item.key)).toEqual(expect.arrayContaining(['user_has_tag', 'custom_field_match']));
    expect(catalogue.actions.map((item) => item.key)).toEqual(
      expect.arrayContaining(['add_tag', 'remove_tag', 'send_email', 'send_emails', 'emailList', 'trigger_webhook', 'update_user_field', 'redirect_user']),
    );
  });

  it('add_tag tags the member’s contact (made for them) and raises tag_added once; remove_tag takes it off', async () => {
    await triggers.clear();
    const tagging = await automation([{ key: 'add_tag', args: { tag: 'vip' } }]);
    expect((await run(tagging, member.userId)).steps).toEqual([expect.objectContaining({ key: 'add_tag', status: 'done' })]);
    expect(await contactOf('mia@school-mail.com')).toMatchObject({ tags: ['vip'], source: 'automation', status: 1 });
    await run(tagging, member.userId, 2);
    const added = (await triggers.list()).filter((event) => event.trigger === 'tag_added');
    expect(added).toEqual([expect.objectContaining({ userId: member.userId, tag: 'vip', email: 'mia@school-mail.com' })]);

    const untagging = await automation([{ key: 'remove_tag', args: { tag: 'vip' } }]);
    await run(untagging, member.userId);
    expect((await contactOf('mia@school-mail.com'))?.tags).toEqual([]);
  });

  it('user_has_tag lets the run through only for a person whose contact has the tag', async () => {
    const gated = await automation([{ key: 'add_tag', args: { tag: 'seen' } }], [{ key: 'user_has_tag', args: { tag: 'vip' } }]);
    expect((await run(gated, member.userId)).status).toBe('skipped');
    expect((await contactOf('mia@school-mail.com'))?.tags).toEqual([]);
    const tagging = await automation([{ key: 'add_tag', args: { tag: 'vip' } }]);
    await run(tagging, member.userId);
    expect((await run(gated, member.userId, 2)).status).toBe('completed');
    expect((await contactOf('mia@school-mail.com'))?.tags).toEqual(['seen', 'vip']);
  });

  it('update_user_field sets a custom field of the person’s contact; custom_field_match reads it', async () => {
    const setting = await automation([{ key: 'update_user_field', args: { field: 'plan', value: 'Gold for {{name}}' } }]);
    await run(setting, member.userId);
    const contact = await contactOf('mia@school-mail.com');
    expect(contact).toMatchObject({ fields: { plan: 'Gold for Mia' } });
    const matches = async (args: Record<string, unknown>) => {
      const id = await automation([], [{ key: 'custom_field_match', args }]);
      return (await run(id, member.userId)).status;
    };
    expect(await matches({ field: 'plan', match: 'contains', value: 'GOLD' })).toBe('completed');
    expect(await matches({ field: 'plan', match: 'equals', value: 'silver' })).toBe('skipped');
    expect(await matches({ field: 'company', match: 'is_set' })).toBe('skipped');
    // The owner sets one by hand (the fields named replace the others).
    await call('PUT', `${API}/contacts/${contact!.id}`, { fields: { company: 'Acme', plan: 'Gold for Mia' } });
    expect(await matches({ field: 'company', match: 'is_set' })).toBe('completed');
    const clearing = await automation([{ key: 'update_user_field', args: { field: 'plan', value: '' } }]);
    await run(clearing, member.userId);
    expect((await contactOf('mia@school-mail.com'))?.fields).toEqual({ company: 'Acme' });
  });

  it('redirect_user leaves the member a redirect their next page load takes, once', async () => {
    const sending = await automation([{ key: 'redirect_user', args: { url: '/welcome-back' } }]);
    await run(sending, member.userId);
    const take = () => t.request({ method: 'POST', url: `${API}/public/redirect`, as: member, payload: {} });
    expect((await take()).json()).toEqual({ url: '/welcome-back' });
    expect((await take()).json()).toEqual({ url: null });
    expect((await t.request({ method: 'POST', url: `${API}/public/redirect`, account: site, payload: {} })).json()).toEqual({ url: null });
    const refused = await t.request({
      method: 'POST',
      url: '/api/automations',
      as: owner,
      payload: { name: 'Away', trigger_type: 'manual', actions: [{ key: 'redirect_user', args: { url: 'javascript:alert(1)' } }] },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('send_email mails the person with their name and an unsubscribe link; once they unsubscribe, the next one is not sent', async () => {
    const mailing = await automation([{ key: 'send_email', args: { subject: 'Hello {{name}}', body: 'Welcome to {{site}}, {{name}}!' } }]);
    const before = smtp.messages.length;
    expect((await run(mailing, member.userId)).steps[0]).toMatchObject({ status: 'done' });
    const raw = (await smtp.waitFor('mia@school-mail.com', before)).raw;
    const mail = decoded(raw);
    expect(mail).toContain('Subject: Hello Mia');
    expect(mail).toContain('Welcome to Bakery School, Mia!');
    const link = /https?:\/\/\S+\/subscribe\/unsubscribe\?contact=[^\s&]+&token=[0-9a-f]+/.exec(mail)?.[0];
    expect(link, mail).toBeDefined();
    // The same link is the List-Unsubscribe header (unfolded), for the mail program's own button.
    const headers = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    expect(/^List-Unsubscribe: <([^>]+)>/m.exec(headers)?.[1]).toBe(link);

    const url = new URL(link!);
    const page = await t.request({ url: `${url.pathname}${url.search}`, account: site });
    expect(page.body).toContain('data-outcome="done"');
    expect(page.body).toContain('You are unsubscribed');
    expect((await contactOf('mia@school-mail.com'))?.status).toBe(2);

    const sent = smtp.messages.length;
    expect((await run(mailing, member.userId, 2)).steps[0]).toMatchObject({ status: 'skipped', error: 'the contact unsubscribed' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.slice(sent).filter((message) => message.to.includes('mia@school-mail.com'))).toEqual([]);
  });

  it('send_emails mails the same words to fixed addresses; emailList puts the person on a list, a double opt-in one by confirmation', async () => {
    const before = smtp.messages.length;
    const notify = await automation([
      { key: 'send_emails', args: { to: ['team@bakery.test', 'boss@bakery.test'], subject: 'New: {{email}}', body: '{{name}} did it' } },
    ]);
    await run(notify, member.userId);
    for (const to of ['team@bakery.test', 'boss@bakery.test'])
      expect(decoded((await smtp.waitFor(to, before)).raw)).toContain('Subject: New: mia@school-mail.com');

    const news = await call<{ id: string }>('POST', `${API}/lists`, { name: 'News' }, 201);
    const joining = await automation([{ key: 'emailList', args: { list_id: news.id } }]);
    await run(joining, member.userId);
    expect((await contactOf('mia@school-mail.com'))?.lists).toEqual([news.id]);

    const launch = await call<{ id: string }>('POST', `${API}/lists`, { name: 'Launch', double_opt_in: true }, 201);
    const newcomer = await t.createMember(site, { role: 'student', email: 'noor@school-mail.com', name: 'Noor' });
    const optIn = await automation([{ key: 'emailList', args: { list_id: launch.id } }]);
    const sent = smtp.messages.length;
    await run(optIn, newcomer.userId);
    expect(await contactOf('noor@school-mail.com')).toMatchObject({ status: 0, lists: [launch.id] });
    expect(decoded((await smtp.waitFor('noor@school-mail.com', sent)).raw)).toContain('/subscribe/confirm?contact=');
  });

  it('trigger_webhook POSTs the event signed with HMAC-SHA256; an address the guard does not allow is refused before any connection', async () => {
    const secret = 'whsec-0123456789abcdef';
    const hooking = await automation([{ key: 'trigger_webhook', args: { url: hooks.url, secret } }]);
    expect((await run(hooking, member.userId)).steps[0]).toMatchObject({ status: 'done' });
    expect(hooks.got).toHaveLength(1);
    const [delivery] = hooks.got;
    const body = JSON.parse(delivery!.body) as { event: string; user_id: string; account_id: string };
    expect(body).toMatchObject({ event: 'manual', user_id: member.userId, account_id: site.id });
    expect(delivery!.headers['x-lectern-signature']).toBe(`sha256=${createHmac('sha256', secret).update(delivery!.body).digest('hex')}`);
    expect(delivery!.headers['x-lectern-event']).toBe('manual');

    const refused = await automation([{ key: 'trigger_webhook', args: { url: `http://127.0.0.1:${elsewhere.port}/steal`, secret } }]);
    const step = (await run(refused, member.userId)).steps[0];
    expect(step).toMatchObject({ status: 'skipped' });
    expect(step?.error).toContain('address_not_allowed');
    expect(elsewhere.got).toEqual([]);
  });

  it('a visitor’s form submission starts the automation of its form, which e-mails the address they gave', async () => {
    const form = await call<{ id: string }>(
      'POST',
      `${API}/forms`,
      { name: 'Guide', status: 'published', fields: [{ key: 'email', type: 'email', label: 'E-mail', required: true }] },
      201,
    );
    const other = await call<{ id: string }>(
      'POST',
      `${API}/forms`,
      { name: 'Other', status: 'published', fields: [{ key: 'email', type: 'email', label: 'E-mail' }] },
      201,
    );
    const id = await automation(
      [{ key: 'send_email', args: { subject: 'Your guide', body: 'Here is the guide you asked for.' } }],
      [{ key: 'form_id_equals', args: { id: form.id } }],
      'form_submitted',
    );
    const before = smtp.messages.length;
    const sent = await t.request({
      method: 'POST',
      url: `${API}/public/forms/${other.id}/submissions`,
      account: site,
      payload: { answers: { email: 'leo@school-mail.com' } },
    });
    expect(sent.statusCode).toBe(201);
    expect((await settled(id)).status).toBe('skipped');
    const res = await t.request({
      method: 'POST',
      url: `${API}/public/forms/${form.id}/submissions`,
      account: site,
      payload: { answers: { email: 'ada@school-mail.com' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await settled(id, 2)).status).toBe('completed');
    expect(decoded((await smtp.waitFor('ada@school-mail.com', before)).raw)).toContain('Here is the guide you asked for.');
    const [made] = await t.kernel.withSystem(
      'test: the visitor’s contact',
      async (db) =>
        (
          await sql<{
            source: string;
          }>`SELECT settings->>'source' AS source FROM marketing_contacts WHERE account_id = ${site.id} AND email = 'ada@school-mail.com'`.execute(db)
        ).rows,
    );
    expect(made?.source).toBe('automation');
  });

  it('backtests a draft over the recorded events: exactly the people a live run then touches, and nothing done meanwhile', async () => {
    const form = (name: string) =>
      call<{ id: string }>(
        'POST',
        `${API}/forms`,
        { name, status: 'published', fields: [{ key: 'email', type: 'email', label: 'E-mail', required: true }] },
        201,
      );
    const [wanted, unwanted] = [await form('Webinar'), await form('Feedback')];
    const send = async (formId: string, email: string) =>
      expect(
        (await t.request({ method: 'POST', url: `${API}/public/forms/${formId}/submissions`, account: site, payload: { answers: { email } } })).statusCode,
      ).toBe(201);
    await send(wanted.id, 'xena@school-mail.com');
    await send(unwanted.id, 'zed@school-mail.com');
    await send(wanted.id, 'yuri@school-mail.com');
    const draft = {
      trigger_type: 'form_submitted',
      conditions: [{ key: 'form_id_equals', args: { id: wanted.id } }],
      actions: [{ key: 'add_tag', args: { tag: 'webinar-lead' } }],
    };
    const result = await call<{
      events: number;
      would_run: number;
      actions: Array<{ key: string; people: string[] }>;
      runs: Array<{ email: string | null; outcome: string; steps: Array<{ kind: string; status: string }> }>;
    }>('POST', '/api/automations/backtest', { ...draft, days: 1 });
    expect(result.would_run).toBe(2);
    expect(result.events).toBeGreaterThanOrEqual(3);
    expect(result.actions).toEqual([{ key: 'add_tag', people: expect.arrayContaining(['xena@school-mail.com', 'yuri@school-mail.com']) }]);
    expect(result.actions[0]!.people).toHaveLength(2);
    const zed = result.runs.find((run) => run.email === 'zed@school-mail.com');
    expect(zed).toMatchObject({
      outcome: 'skipped',
      steps: [
        { kind: 'condition', status: 'failed' },
        { kind: 'action', status: 'not_run' },
      ],
    });
    // Nothing was done: no contact tagged, no run recorded.
    const tagged = () =>
      call<{ items: Array<{ email: string }> }>('GET', `${API}/contacts?tag=webinar-lead&limit=100`).then((r) => r.items.map((c) => c.email).sort());
    expect(await tagged()).toEqual([]);

    // Live, the same automation touches exactly those people.
    const live = await call<{ id: string }>('POST', '/api/automations', { name: 'Webinar leads', ...draft }, 201);
    await send(wanted.id, 'xena@school-mail.com');
    await send(unwanted.id, 'zed@school-mail.com');
    await send(wanted.id, 'yuri@school-mail.com');
    await settled(live.id, 3);
    const deadline = Date.now() + 15_000;
    while ((await tagged()).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await tagged()).toEqual([...result.actions[0]!.people].sort());

    // A draft the catalogue refuses is refused as a saved one is.
    const refused = await t.request({ method: 'POST', url: '/api/automations/backtest', as: owner, payload: { trigger_type: 'nothing_here', days: 7 } });
    expect(refused.statusCode).toBe(400);
  });
});
