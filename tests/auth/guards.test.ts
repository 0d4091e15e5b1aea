import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel } from '@lectern/sdk/testing';

const Html = { 200: { type: 'string' } } as const;

/** Pages and API routes behind the kernel's guards. */
const guarded = definePlugin({
  manifest: { name: 'guarded', version: '1.0.0', kernel: '^0.1.0' },
  routes(app) {
    app.get('/dashboard', { config: { capability: 'read', page: true }, schema: { response: Html } }, async (_request, reply) => {
      reply.type('text/html');
      return '<h1>Dashboard</h1>';
    });
    app.get('/manage', { config: { capability: 'manage_options', page: true, redirectTo: '/login' }, schema: { response: Html } }, async () => 'manage');
    app.get('/api-only', { config: { capability: 'manage_options' }, schema: { response: { 200: { type: 'object' } } } }, async () => ({}));
    app.get(
      '/checked',
      {
        config: { capability: 'read', check: (request) => request.headers['x-allow'] === 'yes' },
        schema: { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } },
      },
      async () => ({ ok: true }),
    );
    app.get('/throws', { config: { capability: 'read' }, schema: { response: { 200: { type: 'object' } } } }, async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'x')");
    });
  },
});

describe('guards', () => {
  const lines: string[] = [];
  let t: TestKernel;
  let site: TestAccount;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [guarded], logLines: lines });
    site = await t.createAccount({ slug: 'guarded' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('redirects a visitor without a session to the configured path with redirectedFrom', async () => {
    const res = await t.request({ url: '/api/guarded/dashboard?tab=2', account: site });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?redirectedFrom=%2Fapi%2Fguarded%2Fdashboard');
    expect(lines.some((l) => l.includes('"msg":"No auth session, redirecting"'))).toBe(true);
    const custom = await t.request({ url: '/api/guarded/manage', account: site });
    expect(custom.headers.location).toBe('/login?redirectedFrom=%2Fapi%2Fguarded%2Fmanage');
  });

  it('redirects a member who lacks the capability, and lets one who has it in', async () => {
    const student = await t.createMember(site, { role: 'student' });
    const denied = await t.request({ url: '/api/guarded/manage', as: student });
    expect(denied.statusCode).toBe(302);
    expect(lines.some((l) => l.includes('"msg":"User is not permitted, redirecting"'))).toBe(true);
    const page = await t.request({ url: '/api/guarded/dashboard', as: student });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<h1>Dashboard</h1>');
    const owner = await t.createMember(site, { role: 'owner' });
    expect((await t.request({ url: '/api/guarded/manage', as: owner })).body).toBe('manage');
  });

  it('API handlers answer 401, 403 and a stack-free 500', async () => {
    const student = await t.createMember(site, { role: 'student' });
    const anonymous = await t.request({ url: '/api/guarded/api-only', account: site });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      error: 'not_authenticated',
      messageKey: 'errors.notAuthenticated',
      message: 'The user does not have an active session or is not authenticated',
      statusCode: 401,
    });
    expect((await t.request({ url: '/api/guarded/api-only', as: student })).json()).toMatchObject({ error: 'forbidden', statusCode: 403 });
    const crash = await t.request({ url: '/api/guarded/throws', as: student });
    expect(crash.statusCode).toBe(500);
    expect(crash.body).not.toContain('reading');
    expect(crash.json().error).toBe('internal_error');
  });

  it('runs the custom permission check after the capability', async () => {
    const student = await t.createMember(site, { role: 'student' });
    expect((await t.request({ url: '/api/guarded/checked', as: student })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/guarded/checked', as: student, headers: { 'x-allow': 'yes' } })).json()).toEqual({ ok: true });
  });
});
