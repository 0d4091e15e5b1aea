import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type ThemeDefinition } from '@lectern/sdk';
import { recordedTriggers, type RecordedTriggers, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import marketing from '@lectern/plugin-marketing';
import { decoded } from '../notifications/helpers.js';
import { makeImage } from '../storage/storage-site.js';
import { startLocalDns, type LocalDns } from '../support/local-dns.js';
import { SmtpCapture } from '../support/smtp-capture.js';
import { startMailKernel, stopMailKernel } from '../support/touchpoint-kernel.js';

const API = '/api/marketing';

interface Form {
  id: string;
  name: string;
  status: string;
  submissions: number;
  settings: { list_ids: string[]; tags: string[]; success_message: string };
}
interface Submission {
  id: string;
  answers: Record<string, unknown>;
  email: string | null;
  contact_id: string | null;
}

const FIELDS = [
  { key: 'name', type: 'text', label: 'Your name', required: true, max_length: 80 },
  { key: 'email', type: 'email', label: 'E-mail', required: true },
  { key: 'level', type: 'radio', label: 'Level', options: ['Beginner', 'Advanced'] },
  { key: 'message', type: 'textarea', label: 'Message' },
  { key: 'agree', type: 'consent', label: 'I agree to receive e-mails', required: true },
];

/**
 * Forms (issue 19 item 1): the owner builds a form with per-field rules, publishes it, and a visitor
 * sends it through the public route: answers checked (a message per field, nothing kept when one is
 * wrong), bots kept out (trap field, rate limit, profanity where asked), the person joined to the
 * form's lists and tags as a contact whose address takes mail (a real DNS server on loopback), with
 * a double opt-in mail to a real SMTP server, and form_submitted raised with the form's id.
 */
describe('marketing: forms', () => {
  let t: TestKernel;
  let dns: LocalDns;
  let smtp: SmtpCapture;
  let triggers: RecordedTriggers;
  let site: TestAccount;
  let owner: TestMember;
  let form: Form;
  let listId: string;

  const call = async <T>(method: string, url: string, as: TestMember | null, payload?: unknown, status = 200, account = site): Promise<T> => {
    const res = await t.request({
      method: method as 'GET',
      url: `${API}${url}`,
      account,
      ...(as === null ? {} : { as }),
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<T>();
  };
  const submit = (answers: Record<string, unknown>, status = 201, extra: Record<string, unknown> = {}, account = site) =>
    call<{ message: string; redirect_url: string | null; error?: string; details?: { fields: Record<string, { code: string; message: string }> } }>(
      'POST',
      `/public/forms/${form.id}/submissions`,
      null,
      { answers, ...extra },
      status,
      account,
    );
  const counts = () =>
    t.kernel.withSystem('test: the site’s contacts and submissions', async (db) => {
      const { rows } = await sql<{ contacts: number; submissions: number }>`
        SELECT (SELECT count(*)::int FROM marketing_contacts WHERE account_id = ${site.id}) AS contacts,
               (SELECT count(*)::int FROM marketing_form_submissions WHERE account_id = ${site.id}) AS submissions`.execute(db);
      return rows[0]!;
    });
  const good = { name: 'Ada Lovelace', email: 'ada@school-mail.com', level: 'Advanced', message: 'Hello', agree: true };

  beforeAll(async () => {
    dns = await startLocalDns();
    dns.set('school-mail.com', 'MX', [{ exchange: 'mx.school-mail.com', priority: 10 }]);
    smtp = new SmtpCapture();
    // The real default theme draws the confirmation page, imported by name (no DOM types here).
    const themePackage: string = '@lectern/theme-default';
    const { theme } = (await import(themePackage)) as { theme: ThemeDefinition };
    t = await startMailKernel(smtp, { plugins: [marketing], themes: { site: theme }, env: { DNS_SERVERS: dns.server } });
    triggers = recordedTriggers(t.kernel);
    site = await t.createAccount({ plan: 'professional', features: ['marketing'] });
    owner = await t.createMember(site, { role: 'owner' });
    listId = (await call<{ id: string }>('POST', '/lists', owner, { name: 'Newsletter' }, 201)).id;
  });
  afterAll(async () => {
    await stopMailKernel(t, smtp);
    await dns?.close();
  });

  it('builds a form: fields checked as a whole, lists must be the site’s; a draft takes no submissions', async () => {
    const repeated = await call<{ error: string; message: string }>('POST', '/forms', owner, { name: 'Join', fields: [FIELDS[0], FIELDS[0]] }, 400);
    expect(repeated).toMatchObject({ error: 'form_fields_invalid', message: 'fields/1/key "name" is used by another field' });
    const bad = await call<{ error: string }>(
      'POST',
      '/forms',
      owner,
      { name: 'Join', fields: FIELDS, settings: { list_ids: ['00000000-0000-4000-8000-000000000000'] } },
      400,
    );
    expect(bad.error).toBe('lists_unknown');
    form = await call<Form>(
      'POST',
      '/forms',
      owner,
      { name: 'Join the newsletter', fields: FIELDS, settings: { list_ids: [listId], tags: ['from-form'] } },
      201,
    );
    expect(form).toMatchObject({ status: 'draft', submissions: 0, settings: { list_ids: [listId], tags: ['from-form'], success_message: '' } });
    expect((await call<{ error: string }>('GET', `/public/forms/${form.id}`, null, undefined, 404)).error).toBe('form_not_found');
    await submit(good, 404);

    form = await call<Form>('PUT', `/forms/${form.id}`, owner, { status: 'published', settings: { success_message: 'Thanks, see you soon!' } });
    expect(form.settings).toMatchObject({ list_ids: [listId], success_message: 'Thanks, see you soon!' });
    const shown = await call<Record<string, unknown>>('GET', `/public/forms/${form.id}`, null);
    expect(shown).toEqual({ id: form.id, name: 'Join the newsletter', fields: FIELDS, submit_label: '' });
  });

  it('refuses wrong answers with a message per field, and keeps nothing', async () => {
    const before = await counts();
    const refused = await submit({ name: '', email: 'ada@school', level: 'Expert', agree: false }, 400);
    expect(refused.error).toBe('form_answers_invalid');
    expect(refused.details?.fields).toEqual({
      name: { code: 'required', message: 'This field is required' },
      email: { code: 'email', message: 'Enter an e-mail address like name@example.com' },
      level: { code: 'option', message: 'Choose one of the options' },
      agree: { code: 'consent', message: 'Tick the box to go on' },
    });
    // An address mail cannot reach: no contact, no submission (SPEC §7), and the visitor is told on the field.
    const unreachable = await submit({ ...good, email: 'ada@nowhere-at-all.com' }, 400);
    expect(unreachable.details?.fields).toEqual({ email: { code: 'unreachable', message: 'Mail cannot reach this address' } });
    expect(await counts()).toEqual(before);
  });

  it('keeps a submission, joins the person to the list with the tags, and raises form_submitted with the form id', async () => {
    await triggers.clear();
    const visitor = await t.createMember(site, { role: 'student' });
    const res = await t.request({ method: 'POST', url: `${API}/public/forms/${form.id}/submissions`, as: visitor, payload: { answers: good } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: 'Thanks, see you soon!', redirect_url: null });

    const { items, total } = await call<{ items: Submission[]; total: number }>('GET', `/forms/${form.id}/submissions`, owner);
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({ answers: good, email: 'ada@school-mail.com' });
    const contacts = await call<{
      items: Array<{ id: string; email: string; name: string; status: number; tags: string[]; lists: string[]; source: string; form_id: string }>;
    }>('GET', '/contacts?search=ada@school-mail.com', owner);
    expect(contacts.items).toEqual([
      expect.objectContaining({
        id: items[0]!.contact_id,
        name: 'Ada Lovelace',
        status: 1,
        tags: ['from-form'],
        lists: [listId],
        source: 'form',
        form_id: form.id,
      }),
    ]);
    expect(await triggers.list()).toEqual([
      { trigger: 'form_submitted', accountId: site.id, userId: visitor.userId, formId: form.id, submissionId: items[0]!.id, email: 'ada@school-mail.com' },
    ]);
  });

  it('drops what fills the trap field, and checks for profanity only where the owner asks', async () => {
    const before = await counts();
    expect(await submit({ ...good, email: 'bot@school-mail.com' }, 201, { website: 'http://spam.example' })).toMatchObject({
      message: 'Thanks, see you soon!',
    });
    expect(await counts()).toEqual(before);

    await submit({ ...good, message: 'This is shit' }, 201);
    await call('PUT', `/forms/${form.id}`, owner, { settings: { profanity_check: true } });
    const refused = await submit({ ...good, message: 'This is shit' }, 400);
    expect(refused.details?.fields).toEqual({ message: { code: 'profanity', message: 'Please rephrase without offensive words' } });
  });

  it('makes a contact on a double opt-in list wait for the link mailed to them; the link confirms it once', async () => {
    const launch = await call<{ id: string }>('POST', '/lists', owner, { name: 'Launch', double_opt_in: true }, 201);
    await call('PUT', `/forms/${form.id}`, owner, { settings: { list_ids: [launch.id] } });
    const before = smtp.messages.length;
    await submit({ ...good, email: 'grace@school-mail.com', name: 'Grace' });
    const mail = decoded((await smtp.waitFor('grace@school-mail.com', before)).raw);
    expect(mail).toContain('Confirm your subscription to');
    const link = /https?:\/\/[^\s]+\/subscribe\/confirm\?contact=[^\s&]+&token=[0-9a-f]+/.exec(mail)?.[0];
    expect(link, mail).toBeDefined();
    const contact = () => call<{ items: Array<{ status: number; lists: string[] }> }>('GET', '/contacts?search=grace@', owner).then((r) => r.items[0]!);
    expect(await contact()).toMatchObject({ status: 0, lists: [launch.id] });

    const url = new URL(link!);
    const forged = await t.request({ url: `${url.pathname}?contact=${url.searchParams.get('contact')}&token=${'0'.repeat(64)}`, account: site });
    expect(forged.body).toContain('data-outcome="invalid"');
    expect((await contact()).status).toBe(0);
    const opened = await t.request({ url: `${url.pathname}${url.search}`, account: site });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('data-outcome="done"');
    expect(opened.body).toContain('Subscription confirmed');
    expect((await contact()).status).toBe(1);
    expect((await t.request({ url: `${url.pathname}${url.search}`, account: site })).body).toContain('data-outcome="already"');
  });

  it('searches submissions, exports them as CSV (formulas defused) and deletes one', async () => {
    await call('PUT', `/forms/${form.id}`, owner, { settings: { profanity_check: false } });
    await submit({ ...good, name: '=HYPERLINK("http://x")', email: 'lin@school-mail.com', message: 'Line one, "quoted"' });
    const found = await call<{ items: Submission[]; total: number }>('GET', `/forms/${form.id}/submissions?search=quoted`, owner);
    expect(found.total).toBe(1);
    expect(found.items[0]!.email).toBe('lin@school-mail.com');
    expect((await call<{ total: number }>('GET', `/forms/${form.id}/submissions?search=%25`, owner)).total).toBe(0);

    const csv = await t.request({ url: `${API}/forms/${form.id}/submissions.csv`, as: owner });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('submitted_at,Your name,E-mail,Level,Message,I agree to receive e-mails,email,contact_id');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")",lin@school-mail.com,Advanced,"Line one, ""quoted""",yes`);
    const all = await call<{ total: number }>('GET', `/forms/${form.id}/submissions`, owner);
    expect(lines).toHaveLength(all.total + 1);

    await call('DELETE', `/forms/${form.id}/submissions/${found.items[0]!.id}`, owner);
    expect((await call<{ total: number }>('GET', `/forms/${form.id}/submissions`, owner)).total).toBe(all.total - 1);
    expect((await call<{ items: Form[] }>('GET', '/forms', owner)).items[0]).toMatchObject({ id: form.id, submissions: all.total - 1 });
  });

  it('draws a published form where a page has its block, as the island will show it; a change to the form reaches the cached page', async () => {
    const made = await t.request({
      method: 'POST',
      url: '/api/content/pages',
      as: owner,
      payload: {
        title: 'Join',
        slug: 'join',
        document: {
          root: { props: {} },
          content: [{ type: 'MarketingForm', props: { id: 'f1', form: { id: form.id, title: form.name }, heading: 'Join us' } }],
        },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const pageId = made.json<{ id: string }>().id;
    expect((await t.request({ method: 'POST', url: `/api/content/pages/${pageId}/publish`, as: owner, payload: {} })).statusCode).toBe(200);
    const page = await t.request({ url: '/join', account: site });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-testid="marketing-form"');
    expect(page.body).toContain('Join us');
    expect(page.body).toContain('<label for="mk-');
    expect(page.body).toMatch(/<input[^>]*name="email"[^>]*type="email"|<input[^>]*type="email"[^>]*name="email"/);
    expect(page.body).toContain('data-lectern-island');
    // Taken down, the form leaves no hole (and the cached page follows at once).
    expect((await t.request({ url: '/join', account: site })).headers['x-cache']).toBe('HIT');
    await call('PUT', `/forms/${form.id}`, owner, { status: 'draft' });
    const after = await t.request({ url: '/join', account: site });
    expect(after.body).not.toContain('data-testid="marketing-form"');
    await call('PUT', `/forms/${form.id}`, owner, { status: 'published' });
  });

  it('carries a published popup on the pages its rule names, with its form drawn hidden for the theme to open; changes reach cached pages', async () => {
    interface Popup {
      id: string;
      status: string;
      rules: { pages: { mode: string; paths: string[] }; trigger: string; delay_seconds: number; frequency: string; audience: string };
    }
    const document = {
      root: { props: {} },
      content: [
        { type: 'Heading', props: { id: 'h1', text: 'Ten tips a month' } },
        { type: 'MarketingForm', props: { id: 'f1', form: { id: form.id, title: form.name }, heading: 'Get the tips' } },
      ],
    };
    // Nothing to show cannot be published; a rule out of its bounds is refused by the schema.
    const empty = await call<{ error: string }>('POST', '/popups', owner, { name: 'Empty', status: 'published' }, 400);
    expect(empty.error).toBe('popup_empty');
    await call('POST', '/popups', owner, { name: 'Bad', rules: { delay_seconds: 601 } }, 400);
    await call('POST', '/popups', owner, { name: 'Bad', rules: { pages: { mode: 'only', paths: ['no-slash'] } } }, 400);

    const popup = await call<Popup>(
      'POST',
      '/popups',
      owner,
      { name: 'Tips by e-mail', status: 'published', document, rules: { pages: { mode: 'except', paths: ['/join'] }, delay_seconds: 0 } },
      201,
    );
    // The document comes back as stored (the editor opens on it).
    const listed = await call<{ items: Array<Popup & { document: unknown }> }>('GET', '/popups', owner);
    expect(listed.items[0]!.document).toEqual(document);
    // Rules left out take their defaults.
    expect(popup.rules).toMatchObject({
      pages: { mode: 'except', paths: ['/join'] },
      trigger: 'delay',
      delay_seconds: 0,
      frequency: 'once_per_session',
      audience: 'everyone',
    });
    const home = await t.request({ url: '/', account: site });
    expect(home.statusCode).toBe(200);
    const overlay = home.body.slice(home.body.indexOf(`data-overlay="marketing:${popup.id}"`));
    expect(overlay.length).toBeLessThan(home.body.length);
    // Hidden until the plugin's rules open it; named for screen readers; the form drawn inside with its island.
    expect(home.body).toMatch(new RegExp(`<div[^>]*hidden=""[^>]*data-overlay="marketing:${popup.id}"`));
    expect(overlay).toContain('aria-label="Tips by e-mail"');
    expect(overlay).toContain('Ten tips a month');
    expect(overlay).toContain('Get the tips');
    expect(overlay).toContain('data-lectern-island');
    // The browser gets the rules and the form's id, not the document twice.
    expect(home.body).toContain(`"form_ids":["${form.id}"]`);
    expect(home.body).not.toContain('"Ten tips a month"');
    // The page rule: not on /join.
    expect((await t.request({ url: '/join', account: site })).body).not.toContain('data-overlay=');

    // A change reaches the cached home page at once; taken down, it leaves the page.
    expect((await t.request({ url: '/', account: site })).headers['x-cache']).toBe('HIT');
    await call('PUT', `/popups/${popup.id}`, owner, { rules: { pages: { mode: 'only', paths: ['/join'] } } });
    expect((await t.request({ url: '/', account: site })).body).not.toContain('data-overlay=');
    expect((await t.request({ url: '/join', account: site })).body).toContain(`data-overlay="marketing:${popup.id}"`);
    const drafted = await call<Popup>('PUT', `/popups/${popup.id}`, owner, { status: 'draft' });
    expect(drafted.rules.pages).toEqual({ mode: 'only', paths: ['/join'] });
    expect((await t.request({ url: '/join', account: site })).body).not.toContain('data-overlay=');

    // Another site sees none of it; a student manages none of it.
    const other = await t.createAccount({ plan: 'professional', features: ['marketing'] });
    const otherOwner = await t.createMember(other, { role: 'owner' });
    await call('GET', `/popups/${popup.id}`, otherOwner, undefined, 404, other);
    expect((await call<{ items: Popup[] }>('GET', '/popups', otherOwner, undefined, 200, other)).items).toEqual([]);
    const student = await t.createMember(site, { role: 'student' });
    await call('GET', '/popups', student, undefined, 403);
    await call('DELETE', `/popups/${popup.id}`, owner);
    await call('GET', `/popups/${popup.id}`, owner, undefined, 404);
  });

  it('counts a form seen on the site, and the marketing home reports contacts by day and each form’s views and submissions', async () => {
    const seen = () => t.request({ method: 'POST', url: `${API}/public/forms/${form.id}/views`, account: site, payload: {} });
    expect((await seen()).statusCode).toBe(204);
    expect((await seen()).statusCode).toBe(204);
    const draft = await call<Form>('POST', '/forms', owner, { name: 'Draft', fields: [FIELDS[0]] }, 201);
    expect((await t.request({ method: 'POST', url: `${API}/public/forms/${draft.id}/views`, account: site, payload: {} })).statusCode).toBe(404);

    interface Report {
      days: number;
      contacts: { total: number; active: number; pending: number };
      forms: { total: number; published: number };
      subscribers: Array<{ date: string; added: number; total: number }>;
      forms_activity: Array<{ id: string; views: number; submissions: number }>;
    }
    const report = await call<Report>('GET', '/reports?days=7', owner);
    const { contacts, submissions } = await counts();
    expect(report.days).toBe(7);
    expect(report.subscribers).toHaveLength(7);
    expect(report.subscribers.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), added: contacts, total: contacts });
    expect(report.contacts.total).toBe(contacts);
    expect(report.contacts.active + report.contacts.pending).toBeLessThanOrEqual(contacts);
    expect(report.forms).toMatchObject({ published: 1 });
    expect(report.forms.total).toBeGreaterThanOrEqual(2);
    const activity = report.forms_activity.find((entry) => entry.id === form.id);
    expect(activity).toEqual({ id: form.id, name: form.name, views: 2, submissions });
    // A window the route does not offer is refused; a student sees no report.
    await call('GET', '/reports?days=365', owner, undefined, 400);
    await call('GET', '/reports', await t.createMember(site, { role: 'student' }), undefined, 403);
    await call('DELETE', `/forms/${draft.id}`, owner);
  });

  it('keeps a file field’s file in the site’s managers-only storage with its submission; refuses another type, a file too large, or content its name belies', async () => {
    // A site of its own: the visitor's submissions here stay clear of the other tests' limit a minute.
    const school = await t.createAccount({ plan: 'professional', features: ['marketing'] });
    const manager = await t.createMember(school, { role: 'owner' });
    const student = await t.createMember(school, { role: 'student' });
    const fields = [
      { key: 'name', type: 'text', label: 'Name', required: true },
      { key: 'cv', type: 'file', label: 'CV', required: true, accept: 'documents', max_mb: 1 },
      { key: 'photo', type: 'file', label: 'Photo', accept: 'images' },
    ];
    // Three file fields are one too many.
    await call('POST', '/forms', manager, { name: 'Too many', fields: [...fields, { key: 'extra', type: 'file', label: 'Extra' }] }, 400, school);
    const applications = await call<Form>('POST', '/forms', manager, { name: 'Applications', status: 'published', fields }, 201, school);
    const send = (answers: Record<string, unknown>, status: number) =>
      call<{ details?: { fields: Record<string, { code: string }> } }>(
        'POST',
        `/public/forms/${applications.id}/submissions`,
        null,
        { answers: { name: 'Ada', ...answers } },
        status,
        school,
      );
    const file = (name: string, bytes: Buffer, type = '') => ({ name, type, data: bytes.toString('base64') });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const png = await makeImage(16, 'png');

    expect((await send({ cv: file('cv.png', png) }, 400)).details?.fields).toEqual({ cv: expect.objectContaining({ code: 'file_type' }) });
    expect((await send({ cv: file('cv.pdf', Buffer.alloc(1024 * 1024 + 1)) }, 400)).details?.fields).toEqual({
      cv: expect.objectContaining({ code: 'file_too_large' }),
    });
    // The storage checks the content: text named .pdf is refused on its field too.
    expect((await send({ cv: file('cv.pdf', Buffer.from('just some text')) }, 400)).details?.fields).toEqual({
      cv: expect.objectContaining({ code: 'file_type' }),
    });
    await send({ cv: file('cv.pdf', pdf, 'application/pdf'), photo: file('me.png', png, 'image/png') }, 201);

    const { items } = await call<{ items: Array<{ id: string; answers: Record<string, unknown> }> }>(
      'GET',
      `/forms/${applications.id}/submissions`,
      manager,
      undefined,
      200,
      school,
    );
    expect(items).toHaveLength(1);
    const submission = items[0]!;
    const cv = `private/forms/${applications.id}/${submission.id}/cv-cv.pdf`;
    expect(submission.answers).toEqual({
      name: 'Ada',
      cv: { name: 'cv.pdf', type: 'application/pdf', size: pdf.length, path: cv },
      photo: { name: 'me.png', type: 'image/png', size: png.length, path: `private/forms/${applications.id}/${submission.id}/photo-me.png` },
    });
    // The site's managers download it; a student cannot, and the refused sends left no file behind.
    const download = (as: TestMember) => t.request({ url: `/storage/v1/object/authenticated/${cv}`, account: school, as });
    const got = await download(manager);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect((await download(student)).json()).toMatchObject({ statusCode: '403' });
    const [stored] = await t.kernel.withSystem(
      'test: the files kept',
      async (db) =>
        (await sql<{ n: number }>`SELECT count(*)::int AS n FROM storage_objects WHERE account_id = ${school.id} AND bucket_id = 'private'`.execute(db)).rows,
    );
    expect(stored!.n).toBe(2);
    const csv = await t.request({ url: `${API}/forms/${applications.id}/submissions.csv`, account: school, as: manager });
    expect(csv.body.trim().split('\r\n')[1]).toContain(',cv.pdf,me.png');
  });

  it('keeps each site’s forms to itself, lets no student manage them, and limits a visitor’s submissions a minute', async () => {
    const other = await t.createAccount({ plan: 'professional', features: ['marketing'] });
    const otherOwner = await t.createMember(other, { role: 'owner' });
    await call('GET', `/forms/${form.id}`, otherOwner, undefined, 404, other);
    await call('GET', `/public/forms/${form.id}`, null, undefined, 404, other);
    const student = await t.createMember(site, { role: 'student' });
    await call('GET', '/forms', student, undefined, 403);

    const mine = await call<Form>('POST', '/forms', otherOwner, { name: 'Contact', status: 'published', fields: [FIELDS[0]] }, 201, other);
    const send = () => t.request({ method: 'POST', url: `${API}/public/forms/${mine.id}/submissions`, account: other, payload: { answers: { name: 'Bo' } } });
    for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(201);
    const limited = await send();
    expect(limited.statusCode).toBe(429);

    await call('DELETE', `/forms/${mine.id}`, otherOwner, undefined, 200, other);
    await call('GET', `/forms/${mine.id}`, otherOwner, undefined, 404, other);
  });
});
