import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../support/free-port.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the real entry point the way `npm start` does (from sources here), with its own env. */
function start(env: Record<string, string>): Running {
  let output = '';
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'core/src/bin/start.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(running: Running, text: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!running.output().includes(text)) {
    if (Date.now() > deadline || running.child.exitCode !== null) throw new Error(`did not see "${text}"; output:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** node:http rather than fetch: fetch does not let a caller set the Host header. */
function get(port: number, pathname: string, host?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, headers: host === undefined ? {} : { host } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

describe('npm start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-start-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('serves the platform and the demo, prints the logins, keeps data across a restart, and stops on SIGTERM', async () => {
    const port = await findFreePort();
    const first = start({ PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1' });
    try {
      await waitFor(first, 'Demo logins');
      expect(first.output()).toContain(`Platform:  http://localhost:${port}`);
      expect(first.output()).toContain(`Demo site: http://demo.localhost:${port}`);
      expect(first.output()).toMatch(/owner\s+owner@demo\.test/);
      expect(first.output()).toContain('demo-password-1');
      expect(await get(port, '/healthz')).toEqual({ status: 200, body: '{"status":"ok"}' });
      const demoLog = await get(port, '/api/account/addons', `demo.localhost:${port}`);
      expect(demoLog.status).toBe(401); // the demo site answers and wants a session
      expect((await get(port, '/api/account/addons', `nobody.localhost:${port}`)).status).toBe(404);
      const openapi = await get(port, '/api/openapi.json', `demo.localhost:${port}`);
      expect(openapi.status).toBe(200);
      expect(JSON.parse(openapi.body).openapi).toBe('3.1.0');
    } finally {
      first.child.kill('SIGTERM');
    }
    expect(await first.exited).toBe(0);

    // Same data directory, another port: the demo is still there and is not seeded twice.
    const otherPort = await findFreePort();
    const second = start({ PORT: String(otherPort), DATA_DIR: dataDir, HOST: '127.0.0.1' });
    try {
      await waitFor(second, 'Lectern is running');
      expect(second.output()).not.toContain('Demo logins');
      expect((await get(otherPort, '/readyz')).status).toBe(200);
      const addons = await get(otherPort, '/api/account/addons', `demo.localhost:${otherPort}`);
      expect(addons.status).toBe(401); // the demo site exists (no 404), and wants a session
    } finally {
      second.child.kill('SIGTERM');
    }
    expect(await second.exited).toBe(0);
    // Two cold starts of the whole platform (migrations, the demo seed, the themes) on a busy CI machine.
  }, 240_000);

  it('refuses a bad configuration with a message per variable', async () => {
    const bad = start({ PORT: 'abc', PLATFORM_DOMAIN: 'no spaces allowed', DATA_DIR: dataDir });
    const code = await bad.exited;
    expect(code).toBe(78);
    expect(bad.output()).toContain('PORT must be a whole number from 0 to 65535 (got "abc")');
    expect(bad.output()).toContain('PLATFORM_DOMAIN must be a domain name');
  });
});
