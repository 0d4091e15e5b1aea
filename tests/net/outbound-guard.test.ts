import dc from 'node:diagnostics_channel';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AllowList, AppError, createResolver, OutboundError, OutboundGuard } from '@lectern/core';
import { startLocalDns, type LocalDns } from '../support/local-dns.js';

/** A TCP listener that only counts who connected (the addresses the guard must never reach). */
async function countingListener(host: string): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function listen(server: HttpServer, host = '127.0.0.1'): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

/** Every TCP client socket this process opens (Node publishes each on this channel). */
let socketsOpened = 0;
const countSocket = () => {
  socketsOpened += 1;
};

describe('the outbound guard', () => {
  let dns: LocalDns;
  let v4: Awaited<ReturnType<typeof countingListener>>;
  let v6: Awaited<ReturnType<typeof countingListener>>;
  let allowed: HttpServer;
  let allowedPort: number;
  let guard: OutboundGuard;
  const seen: Array<{ method: string; url: string; host: string; body: string }> = [];

  beforeAll(async () => {
    dc.subscribe('net.client.socket', countSocket);
    dns = await startLocalDns();
    v4 = await countingListener('127.0.0.1');
    v6 = await countingListener('::1');
    // The one loopback server the allow-list lets through.
    allowed = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', host: req.headers.host ?? '', body });
        const url = new URL(req.url ?? '/', 'http://x');
        const to = url.searchParams.get('to');
        if (url.pathname === '/redirect' && to !== null) {
          res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: to });
          res.end();
        } else if (url.pathname === '/loop') {
          res.writeHead(302, { location: '/loop' });
          res.end();
        } else if (url.pathname === '/big') {
          res.end(Buffer.alloc(64 * 1024, 'x'));
        } else if (url.pathname === '/silent') {
          // Never answers: the guard's deadline ends the request.
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ ok: true, path: url.pathname }));
        }
      });
    });
    allowedPort = await listen(allowed);
    dns.set('private.test', 'A', ['10.0.0.5']);
    dns.set('loopback.test', 'A', ['127.0.0.1']);
    dns.set('mixed.test', 'A', ['93.184.216.34', '127.0.0.1']);
    dns.set('metadata.test', 'AAAA', ['fd00:ec2::254']);
    // dns2 encodes the hexadecimal form only; node:dns reads it back as ::ffff:127.0.0.1.
    dns.set('mapped.test', 'AAAA', ['::ffff:7f00:1']);
    dns.set('idp.test', 'A', ['127.0.0.1']);
    guard = new OutboundGuard({
      resolver: createResolver({ servers: [dns.server], timeoutMs: 1000, tries: 1 }),
      allow: AllowList.parse([`127.0.0.1:${allowedPort}`]),
    });
  });
  afterEach(() => {
    seen.length = 0;
  });
  afterAll(async () => {
    dc.unsubscribe('net.client.socket', countSocket);
    allowed?.closeAllConnections();
    await new Promise<void>((resolve) => (allowed ? allowed.close(() => resolve()) : resolve()));
    await v4?.close();
    await v6?.close();
    await dns?.close();
  });

  /** Runs a refused fetch and checks it failed before any socket was opened. */
  async function refusedWithoutConnecting(url: string, code = 'address_not_allowed'): Promise<AppError> {
    const before = socketsOpened;
    const error = await guard.fetch(url).then(
      () => {
        throw new Error(`${url} was fetched`);
      },
      (failure: unknown) => failure,
    );
    expect(error, url).toBeInstanceOf(AppError);
    expect((error as AppError).code, url).toBe(code);
    expect((error as AppError).statusCode, url).toBe(400);
    expect(socketsOpened - before, `${url} opened a socket`).toBe(0);
    return error as AppError;
  }

  it('refuses loopback, unspecified and metadata addresses in every spelling without connecting', async () => {
    const cases: Array<[string, string]> = [
      [`http://127.0.0.1:${v4.port}/`, '127.0.0.1'],
      [`http://127.1:${v4.port}/`, '127.0.0.1'],
      [`http://2130706433:${v4.port}/`, '127.0.0.1'],
      [`http://0x7f.0.0.1:${v4.port}/`, '127.0.0.1'],
      [`http://0177.0.0.1:${v4.port}/`, '127.0.0.1'],
      [`http://0.0.0.0:${v4.port}/`, '0.0.0.0'],
      [`http://0:${v4.port}/`, '0.0.0.0'],
      [`http://[::1]:${v6.port}/`, '::1'],
      [`http://[::]:${v6.port}/`, '::'],
      [`http://[::ffff:127.0.0.1]:${v4.port}/`, '127.0.0.1'],
      [`http://[::ffff:7f00:1]:${v4.port}/`, '127.0.0.1'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
      ['http://[fd00:ec2::254]/latest/meta-data/', 'fd00:ec2::254'],
    ];
    for (const [url, address] of cases) {
      const error = await refusedWithoutConnecting(url);
      expect(error.message, url).toContain(address);
    }
    expect(v4.connections()).toBe(0);
    expect(v6.connections()).toBe(0);
  });

  it('refuses private, carrier-grade NAT, link-local, unique-local, multicast and broadcast addresses', async () => {
    for (const url of [
      'http://10.0.0.1/',
      'http://172.16.5.4/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://169.254.10.10/',
      'http://[fe80::1]/',
      'http://[fc00::1]/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
    ]) {
      await refusedWithoutConnecting(url);
    }
  });

  it('refuses a host name whose address (any of them) is refused, resolved through the kernel resolver', async () => {
    const loopback = await refusedWithoutConnecting(`http://loopback.test:${v4.port}/`);
    expect(loopback.message).toContain('loopback.test resolves to 127.0.0.1');
    expect((await refusedWithoutConnecting('http://private.test/')).message).toContain('10.0.0.5');
    expect((await refusedWithoutConnecting(`http://mixed.test:${v4.port}/`)).message).toContain('127.0.0.1');
    expect((await refusedWithoutConnecting('http://metadata.test/')).message).toContain('fd00:ec2::254');
    expect((await refusedWithoutConnecting(`http://mapped.test:${v4.port}/`)).message).toContain('127.0.0.1');
    await refusedWithoutConnecting('http://nowhere.test/', 'address_unresolvable');
    expect(v4.connections()).toBe(0);
  });

  it('refuses what is not http or https', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://example.com/', 'data:text/plain,hi']) await refusedWithoutConnecting(url);
    await expect(guard.vet('not a url')).rejects.toMatchObject({ code: 'address_not_allowed' });
  });

  it('screens a setting without any DNS query: literal addresses and *.localhost refused, names left to fetch time', async () => {
    const queries = dns.queries.length;
    for (const url of ['http://2130706433/', 'https://[::ffff:7f00:1]/', 'https://169.254.169.254/', 'http://school.localhost:3000/', 'ftp://example.com/']) {
      await expect(guard.screen(url), url).rejects.toMatchObject({ code: 'address_not_allowed', statusCode: 400 });
    }
    await expect(guard.screen('https://private.test/realms/x')).resolves.toBeUndefined();
    await expect(guard.screen(`http://127.0.0.1:${allowedPort}/`)).resolves.toBeUndefined();
    expect(dns.queries.length).toBe(queries);
    // The name is judged when it is fetched.
    await refusedWithoutConnecting('https://private.test/realms/x');
  });

  it('lets an allow-listed loopback target through, by address or by a name resolving to it', async () => {
    const res = await guard.fetch(`http://127.0.0.1:${allowedPort}/hello`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, path: '/hello' });
    const byName = await guard.fetch(`http://idp.test:${allowedPort}/named`, { method: 'POST', body: new URLSearchParams({ a: '1' }) });
    expect(byName.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/named', host: `idp.test:${allowedPort}`, body: 'a=1' });
    // The allow-list names a port: the same address on another port stays refused.
    await refusedWithoutConnecting(`http://127.0.0.1:${v4.port}/`);
  });

  it('connects to the address it checked, even when DNS answers differently a moment later', async () => {
    // First answer: the allowed listener; every later one: 127.0.0.2, where nothing listens.
    dns.sequence('rebind.test', ['127.0.0.1', '127.0.0.2']);
    const res = await guard.fetch(`http://rebind.test:${allowedPort}/pinned`);
    expect(res.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ url: '/pinned', host: `rebind.test:${allowedPort}` });
    expect(dns.queries.filter((q) => q.name === 'rebind.test' && q.type === 'A')).toHaveLength(1);
  });

  it('follows a redirect only after checking where it leads', async () => {
    const base = `http://127.0.0.1:${allowedPort}`;
    const followed = await guard.fetch(`${base}/redirect?to=${encodeURIComponent('/landed')}`);
    expect(followed.status).toBe(200);
    expect(await followed.json()).toMatchObject({ path: '/landed' });

    for (const target of [
      `http://127.0.0.1:${v4.port}/`,
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${v6.port}/`,
      `http://loopback.test:${v4.port}/`,
    ]) {
      const before = socketsOpened;
      const error = await guard.fetch(`${base}/redirect?to=${encodeURIComponent(target)}`).catch((failure: unknown) => failure);
      expect(error, target).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('address_not_allowed');
      // One socket: the allowed server's; none towards the redirect's target.
      expect(socketsOpened - before, target).toBe(1);
    }
    expect(v4.connections()).toBe(0);
    expect(v6.connections()).toBe(0);

    // A 303 turns a POST into a GET without its body.
    const seeOther = await guard.fetch(`${base}/redirect?status=303&to=${encodeURIComponent('/after')}`, { method: 'POST', body: 'payload' });
    expect(seeOther.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/after', body: '' });

    // 'manual' hands the redirect back as it came.
    const manual = await guard.fetch(`${base}/redirect?to=${encodeURIComponent('http://169.254.169.254/')}`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe('http://169.254.169.254/');

    await expect(guard.fetch(`${base}/loop`)).rejects.toMatchObject({ code: 'too_many_redirects' });
  });

  it('bounds the size and the time of a response', async () => {
    const small = new OutboundGuard({
      resolver: createResolver({ servers: [dns.server] }),
      allow: AllowList.parse([`127.0.0.1:${allowedPort}`]),
      maxResponseBytes: 1000,
      timeoutMs: 300,
    });
    const tooLarge = await small.fetch(`http://127.0.0.1:${allowedPort}/big`).catch((failure: unknown) => failure);
    expect(tooLarge).toBeInstanceOf(OutboundError);
    expect(tooLarge).toMatchObject({ code: 'response_too_large' });
    const slow = await small.fetch(`http://127.0.0.1:${allowedPort}/silent`).catch((failure: unknown) => failure);
    expect(slow).toBeInstanceOf(OutboundError);
    expect(slow).toMatchObject({ code: 'timeout' });
  });
});
