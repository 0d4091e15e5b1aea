import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { definePlugin } from '@lectern/sdk';
import { createTestKernel } from '@lectern/sdk/testing';

let release: () => void = () => undefined;
const slow = definePlugin({
  manifest: { name: 'slow', version: '1.0.0', kernel: '^0.1.0' },
  routes(app) {
    app.get(
      '/wait',
      { config: { public: true }, schema: { response: { 200: { type: 'object', properties: { done: { type: 'boolean' } } } } } },
      async (request) => {
        await new Promise<void>((resolve) => (release = resolve));
        // Still inside the request transaction: the database must not have been closed under us.
        await request.ctx.db.selectFrom('accounts').select('id').execute();
        return { done: true };
      },
    );
  },
});

function get(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { host, connection: 'close' } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('graceful shutdown', () => {
  it('finishes in-flight requests before closing the database', async () => {
    const t = await createTestKernel({ plugins: [slow] });
    const account = await t.createAccount({ slug: 'drain' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    const inFlight = get(port, '/api/slow/wait', `${account.slug}.localhost`);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the request is now waiting in its handler
    const closing = t.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    expect(await inFlight).toEqual({ status: 200, body: '{"done":true}' });
    await closing;
  });
});
