import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel } from '@lectern/sdk/testing';
import { notesPlugin } from './fixtures/notes-plugin.js';

const crashing = definePlugin({
  manifest: { name: 'crashy', version: '1.0.0', kernel: '^0.1.0' },
  routes(app) {
    app.get('/boom', { config: { public: true }, schema: { response: { 200: { type: 'object' } } } }, async () => {
      throw new Error('secret internals at /srv/app/file.ts:12');
    });
  },
});

function expectNoInternals(body: string): void {
  expect(body).not.toMatch(/stack|\n\s+at |\.ts:\d+|secret internals/);
}

describe('HTTP surface', () => {
  let t: TestKernel;
  let site: TestAccount;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [notesPlugin(), crashing] });
    site = await t.createAccount({ slug: 'site', features: ['notes'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('invalid input gets a 400 with a stable code, the field, and no stack', async () => {
    const owner = await t.createMember(site, { role: 'owner' });
    const res = await t.request({ method: 'POST', url: '/api/notes', as: owner, payload: { text: '' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ error: 'validation_failed', statusCode: 400, message: 'body/text must NOT have fewer than 1 characters' });
    expect(body.details).toEqual([{ in: 'body', path: '/text', message: 'must NOT have fewer than 1 characters' }]);
    expectNoInternals(res.body);
    const extra = await t.request({ method: 'POST', url: '/api/notes', as: owner, payload: { text: 'x', account_id: 'not-a-uuid' } });
    expect(extra.json()).toMatchObject({ error: 'validation_failed', message: 'body/account_id must match format "uuid"' });
  });

  it('a malformed JSON body is a 400, a wrong content type a 415', async () => {
    const bad = await t.request({ method: 'POST', url: '/api/log', account: site, payload: '{"message":', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('bad_request');
    const media = await t.request({ method: 'POST', url: '/api/log', account: site, payload: 'hello', headers: { 'content-type': 'text/csv' } });
    expect(media.statusCode).toBe(415);
    expect(media.json().error).toBe('unsupported_media_type');
  });

  it('a handler that throws answers 500 internal_error without internals', async () => {
    const res = await t.request({ url: '/api/crashy/boom', account: site });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'internal_error', messageKey: 'errors.internal', message: 'Something went wrong on our side', statusCode: 500 });
    expectNoInternals(res.body);
  });

  it('an unknown route is a JSON 404', async () => {
    const res = await t.request({ url: '/api/nope', account: site });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found', statusCode: 404 });
  });

  it('no session on a protected route: 401 not_authenticated with SPEC wording; a bad token: invalid_token', async () => {
    const res = await t.request({ url: '/api/account/addons', account: site });
    expect(res.json()).toEqual({
      error: 'not_authenticated',
      messageKey: 'errors.notAuthenticated',
      message: 'The user does not have an active session or is not authenticated',
      statusCode: 401,
    });
    const bad = await t.request({ url: '/api/account/addons', account: site, headers: { authorization: 'Bearer not.a.jwt' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe('invalid_token');
  });

  it('echoes a request id, or makes one', async () => {
    const given = await t.request({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await t.request({ url: '/healthz' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document on every host, with plugin routes and the error body', async () => {
    const res = await t.request({ url: '/api/openapi.json', account: site });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz', '/api/log', '/api/account/addons', '/api/notes/all', '/api/notes/']));
    expect(doc.components.schemas.ErrorBody).toBeDefined();
    const ui = await t.request({ url: '/api/docs', account: site });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('POST /api/log records a browser message for its own site only', async () => {
    const ok = await t.request({ method: 'POST', url: '/api/log', account: site, payload: { message: 'checkout failed', account_id: site.id } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: true });
    const other = await t.createAccount();
    const mismatch = await t.request({ method: 'POST', url: '/api/log', account: site, payload: { message: 'x', account_id: other.id } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toBe('account_mismatch');
  });

  it('super-admins hold every capability on the platform account, none extra on tenant sites', async () => {
    const platform = await t.kernel.admin.createAccount({ slug: 'platform', name: 'Platform', plan: 'dedicated', isPlatform: true });
    const platformSite: TestAccount = { id: platform.id, slug: 'platform', host: 'localhost', plan: 'dedicated' };
    const root = await t.createMember(platformSite, { role: 'student', email: 'root@platform.test' });
    expect((await t.request({ url: '/api/account/addons', as: root })).statusCode).toBe(200);
    // The same person as a student of a tenant site: no owner powers there.
    await t.kernel.admin.addMember(site.id, root.userId, 'student');
    const token = await t.kernel.tokens.sign({ sub: root.userId, email: root.email, role: 'authenticated', account_id: site.id });
    const asStudent = { ...root, accountId: site.id, token };
    expect((await t.request({ url: '/api/account/addons', as: asStudent })).statusCode).toBe(403);
  });

  it('rate-limits POST /api/log per client (60 a minute)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await t.request({ method: 'POST', url: '/api/log', account: site, payload: { message: `m${i}`, account_id: site.id } });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(60);
    const limited = await t.request({ method: 'POST', url: '/api/log', account: site, payload: { message: 'again', account_id: site.id } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate_limited', statusCode: 429 });
  });

  it('refuses prototype poisoning and unknown properties, and reads an empty JSON body as {}', async () => {
    const owner = await t.createMember(site, { role: 'owner' });
    const poisoned = await t.request({
      method: 'POST',
      url: '/api/notes',
      as: owner,
      payload: '{"text":"x","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json().error).toBe('bad_request');
    const unknown = await t.request({ method: 'POST', url: '/api/notes', as: owner, payload: { text: 'x', colour: 'red' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'validation_failed', message: 'body must NOT have additional properties' });
    const empty = await t.request({ method: 'POST', url: '/api/notes', as: owner, payload: '', headers: { 'content-type': 'application/json' } });
    expect(empty.json()).toMatchObject({ error: 'validation_failed', message: "body must have required property 'text'" });
  });
});
