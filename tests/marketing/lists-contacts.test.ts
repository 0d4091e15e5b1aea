import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import marketing from '@lectern/plugin-marketing';
import { startLocalDns, type LocalDns } from '../support/local-dns.js';

const API = '/api/marketing';

interface MailingList {
  id: string;
  name: string;
  description: string;
  double_opt_in: boolean;
  contacts: number;
  active: number;
}

interface Contact {
  id: string;
  email: string;
  name: string;
  status: number;
  tags: string[];
  lists: string[];
  source: string | null;
}

/**
 * Mailing lists and contacts (issue 19, item 3; SPEC §3 Mailing contact and Mailing list link):
 * owners make lists and add contacts whose address mail can reach (SPEC §7's check through the
 * kernel's resolver, a real DNS server on loopback; a failed check creates nothing), filter and page
 * them, and each site sees only its own. The add-on is Professional's (SPEC §6).
 */
describe('marketing: mailing lists and contacts', () => {
  let t: TestKernel;
  let dns: LocalDns;
  let site: TestAccount;
  let owner: TestMember;

  const call = async <T>(method: string, url: string, as: TestMember, payload?: unknown, status = 200): Promise<T> => {
    const res = await t.request({ method: method as 'GET', url: `${API}${url}`, as, ...(payload === undefined ? {} : { payload }) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<T>();
  };
  const contactCount = (account: TestAccount) =>
    t.kernel.withSystem('test: contacts of the site', async (db) => {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM marketing_contacts WHERE account_id = ${account.id}`.execute(db);
      return rows[0]!.n;
    });

  beforeAll(async () => {
    dns = await startLocalDns();
    for (const domain of ['school-mail.com', 'learners.org']) dns.set(domain, 'MX', [{ exchange: `mx.${domain}`, priority: 10 }]);
    t = await createTestKernel({ plugins: [marketing], env: { DNS_SERVERS: dns.server } });
    site = await t.createAccount({ plan: 'professional', features: ['marketing'] });
    owner = await t.createMember(site, { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it('is Professional’s add-on: a Starter site has no marketing routes, and students cannot manage it', async () => {
    const starter = await t.createAccount({ plan: 'starter', features: ['marketing'] });
    const starterOwner = await t.createMember(starter, { role: 'owner' });
    expect((await t.request({ url: `${API}/lists`, as: starterOwner })).statusCode).toBe(404);
    const student = await t.createMember(site, { role: 'student' });
    expect((await t.request({ url: `${API}/lists`, as: student })).statusCode).toBe(403);
    expect((await t.request({ url: `${API}/lists`, as: owner })).statusCode).toBe(200);
  });

  it('makes, renames and deletes lists; a name is taken whatever its case; deleting a list keeps its contacts', async () => {
    const news = await call<MailingList>('POST', '/lists', owner, { name: 'Newsletter', description: 'Monthly news' }, 201);
    expect(news).toMatchObject({ name: 'Newsletter', description: 'Monthly news', double_opt_in: false, contacts: 0, active: 0 });
    const taken = await call<{ error: string; messageKey: string }>('POST', '/lists', owner, { name: ' newsletter ' }, 409);
    expect(taken).toMatchObject({ error: 'list_name_taken', messageKey: 'marketing.listNameTaken' });
    const launch = await call<MailingList>('POST', '/lists', owner, { name: 'Launch', double_opt_in: true }, 201);
    expect((await call<{ error: string }>('PUT', `/lists/${launch.id}`, owner, { name: 'NEWSLETTER' }, 409)).error).toBe('list_name_taken');
    expect(await call<MailingList>('PUT', `/lists/${launch.id}`, owner, { name: 'Course launch' })).toMatchObject({
      name: 'Course launch',
      double_opt_in: true,
    });
    expect((await call<{ error: string }>('PUT', `/lists/${crypto.randomUUID()}`, owner, { name: 'Ghost' }, 404)).error).toBe('list_not_found');

    await call('POST', '/contacts', owner, { email: 'kept@school-mail.com', lists: [launch.id] }, 201);
    const before = await contactCount(site);
    await call('DELETE', `/lists/${launch.id}`, owner);
    expect(await contactCount(site)).toBe(before);
    expect((await call<{ items: MailingList[] }>('GET', '/lists', owner)).items.map((list) => list.name)).toEqual(['Newsletter']);
    expect((await call<{ error: string }>('DELETE', `/lists/${launch.id}`, owner, undefined, 404)).error).toBe('list_not_found');
  });

  it('adds a contact only when mail can reach its address; the same address again adds lists and tags to it', async () => {
    const list = await call<MailingList>('POST', '/lists', owner, { name: 'Students' }, 201);
    const before = await contactCount(site);
    for (const [email, reason] of [
      ['not-an-address', 'format'],
      ['ada@nowhere-at-all.com', 'domain_not_found'],
    ] as const) {
      const refused = await call<{ error: string; details: { reason: string } }>('POST', '/contacts', owner, { email, lists: [list.id] }, 400);
      expect(refused).toMatchObject({ error: 'email_unverified', details: { reason } });
    }
    expect(await contactCount(site)).toBe(before);

    const ada = await call<Contact>('POST', '/contacts', owner, { email: 'Ada@School-Mail.com', name: 'Ada', tags: ['vip'] }, 201);
    expect(ada).toMatchObject({ email: 'Ada@school-mail.com', name: 'Ada', status: 1, tags: ['vip'], lists: [], source: 'manual' });
    const again = await call<Contact>('POST', '/contacts', owner, {
      email: 'ada@school-mail.com',
      name: 'Someone else',
      tags: ['alumni', 'vip'],
      lists: [list.id],
    });
    expect(again).toMatchObject({ id: ada.id, name: 'Ada', tags: ['alumni', 'vip'], lists: [list.id] });
    expect((await call<{ items: MailingList[] }>('GET', '/lists', owner)).items.find((l) => l.id === list.id)).toMatchObject({ contacts: 1, active: 1 });

    const unknown = crypto.randomUUID();
    const refused = await call<{ error: string; details: { list_ids: string[] } }>(
      'POST',
      '/contacts',
      owner,
      { email: 'bo@learners.org', lists: [list.id, unknown] },
      400,
    );
    expect(refused).toMatchObject({ error: 'lists_unknown', details: { list_ids: [unknown] } });
    expect((await call<{ error: string }>('POST', '/contacts', owner, { email: 'bo@learners.org', tags: ['a,b'] }, 400)).error).toBe('validation_failed');
  });

  it('filters by list, status, tag and text, pages newest first, and changes or deletes a contact', async () => {
    const shop = await t.createAccount({ plan: 'professional', features: ['marketing'] });
    const shopOwner = await t.createMember(shop, { role: 'owner' });
    const vip = await call<MailingList>('POST', '/lists', shopOwner, { name: 'VIP' }, 201);
    const made: Contact[] = [];
    for (let i = 1; i <= 5; i += 1) {
      made.push(
        await call<Contact>(
          'POST',
          '/contacts',
          shopOwner,
          { email: `buyer${i}@learners.org`, name: `Buyer ${i}`, lists: i % 2 === 1 ? [vip.id] : [], tags: i > 3 ? ['late'] : [] },
          201,
        ),
      );
    }
    const page = (query: string) => call<{ items: Contact[]; total: number }>('GET', `/contacts?${query}`, shopOwner);
    const first = await page('limit=2');
    expect(first.total).toBe(5);
    expect(first.items.map((c) => c.email)).toEqual(['buyer5@learners.org', 'buyer4@learners.org']);
    expect((await page('limit=2&offset=4')).items.map((c) => c.email)).toEqual(['buyer1@learners.org']);
    expect((await page(`list=${vip.id}`)).items.map((c) => c.name)).toEqual(['Buyer 5', 'Buyer 3', 'Buyer 1']);
    expect((await page('tag=late')).total).toBe(2);
    expect((await page('search=buyer_')).total).toBe(0);
    expect((await page('search=UYER 2')).items.map((c) => c.email)).toEqual(['buyer2@learners.org']);

    const two = made[1]!;
    const changed = await call<Contact>('PUT', `/contacts/${two.id}`, shopOwner, { status: 2, lists: [vip.id], tags: ['moved'] });
    expect(changed).toMatchObject({ status: 2, lists: [vip.id], tags: ['moved'] });
    expect((await page('status=2')).items.map((c) => c.id)).toEqual([two.id]);
    expect((await call<{ items: MailingList[] }>('GET', '/lists', shopOwner)).items[0]).toMatchObject({ contacts: 4, active: 3 });
    expect((await call<Contact>('PUT', `/contacts/${two.id}`, shopOwner, { lists: [] })).lists).toEqual([]);
    await call('DELETE', `/contacts/${two.id}`, shopOwner);
    expect((await page('')).total).toBe(4);
    expect((await call<{ error: string }>('PUT', `/contacts/${two.id}`, shopOwner, { name: 'x' }, 404)).error).toBe('contact_not_found');
  });

  it('keeps each site to its own lists and contacts', async () => {
    const mine = await call<MailingList>('POST', '/lists', owner, { name: 'Private' }, 201);
    const contact = await call<Contact>('POST', '/contacts', owner, { email: 'private@learners.org', lists: [mine.id] }, 201);
    const other = await t.createAccount({ plan: 'professional', features: ['marketing'] });
    const otherOwner = await t.createMember(other, { role: 'owner' });
    expect((await call<{ items: MailingList[] }>('GET', '/lists', otherOwner)).items).toEqual([]);
    expect((await call<{ total: number }>('GET', '/contacts', otherOwner)).total).toBe(0);
    expect((await call<{ error: string }>('POST', '/contacts', otherOwner, { email: 'x@learners.org', lists: [mine.id] }, 400)).error).toBe('lists_unknown');
    expect((await call<{ error: string }>('PUT', `/contacts/${contact.id}`, otherOwner, { name: 'Mine now' }, 404)).error).toBe('contact_not_found');
    expect((await call<{ error: string }>('DELETE', `/lists/${mine.id}`, otherOwner, undefined, 404)).error).toBe('list_not_found');
    // The same address is a separate contact on another site.
    expect((await call<Contact>('POST', '/contacts', otherOwner, { email: 'private@learners.org' }, 201)).id).not.toBe(contact.id);
  });
});
