import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createKernel, loadConfig, type RecordingSmsProvider } from '@lectern/core';
import { createTestDatabase, type TestDatabase } from '@lectern/sdk/testing';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'correct-horse-42';
/** Sign-in requests per client and route per 5 minutes in these kernels (and password guesses per address). */
const LIMIT = 4;

/**
 * Kernels that share one database (and one Redis, for the Redis runs), as instances behind a load
 * balancer do, or that follow one another on the same data, as a restarted instance does.
 */
class Cluster {
  readonly prefix = `limits-${randomBytes(4).toString('hex')}:`;
  private readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-limits-'));
  private readonly running: FastifyInstance[] = [];
  private database: TestDatabase | undefined;

  constructor(private readonly redis: boolean) {}

  /** Starts one more kernel on the cluster's database: PostgreSQL when given, else PGlite on disk. */
  async start(): Promise<FastifyInstance> {
    this.database ??= await createTestDatabase();
    const env: Record<string, string> = { SEED_DEMO: 'false', AUTH_RATE_LIMIT: String(LIMIT), DATA_DIR: this.dataDir };
    if (this.database.url !== undefined) env.DATABASE_URL = this.database.url;
    if (this.redis) env.REDIS_URL = redisUrl;
    const app = await createKernel(loadConfig(env), { logger: false, busPrefix: this.prefix });
    this.running.push(app);
    return app;
  }

  async stop(app: FastifyInstance): Promise<void> {
    this.running.splice(this.running.indexOf(app), 1);
    await app.close();
  }

  async close(): Promise<void> {
    for (const app of this.running.splice(0)) await app.close();
    await this.database?.drop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** A site with a confirmed password user on it, made through the given kernel. */
async function siteWithUser(app: FastifyInstance, slug: string, email: string): Promise<string> {
  await app.kernel.admin.createAccount({ slug, name: slug, plan: 'starter' });
  const host = `${slug}.localhost`;
  const up = await app.inject({ method: 'POST', url: '/auth/v1/signup', headers: { host }, remoteAddress: '10.9.9.9', payload: { email, password: PASSWORD } });
  expect(up.statusCode).toBe(200);
  return host;
}

const signIn = (app: FastifyInstance, host: string, ip: string, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', headers: { host }, remoteAddress: ip, payload: { email, password } });

const verify = (app: FastifyInstance, host: string, ip: string, phone: string, token: string) =>
  app.inject({ method: 'POST', url: '/auth/v1/verify', headers: { host }, remoteAddress: ip, payload: { phone, token, type: 'sms' } });

/** Asks for a sign-in code by text message and returns it (the development SMS provider keeps it). */
async function smsCode(app: FastifyInstance, host: string, phone: string): Promise<string> {
  const sms = app.kernel.sms as RecordingSmsProvider;
  const before = sms.sent.length;
  const asked = await app.inject({ method: 'POST', url: '/auth/v1/otp', headers: { host }, remoteAddress: '10.8.8.8', payload: { phone } });
  expect(asked.statusCode).toBe(200);
  const message = sms.sent.slice(before).find((m) => m.to === phone.replace(/\D/g, ''));
  return /(\d{6})/.exec(message?.body ?? '')?.[1] as string;
}

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

for (const redis of [false, true]) {
  const store = redis ? 'Redis' : 'the database';

  describe(`sign-in limits in ${store} outlive a restart`, () => {
    const cluster = new Cluster(redis);
    afterAll(() => cluster.close());

    it('the per-client limit, the per-address limit and the wrong-code lock survive a restart', async () => {
      let app = await cluster.start();
      const host = await siteWithUser(app, 'restart', 'kept@example.test');
      // Per client: the first kernel takes all the allowed guesses from one address.
      for (let i = 0; i < LIMIT; i++)
        expect((await signIn(app, host, '10.0.0.1', 'kept@example.test', `wrong-${i}-pass`)).json().code).toBe('invalid_credentials');
      const code = await smsCode(app, host, '+15550104040');
      for (let i = 0; i < 5; i++) expect((await verify(app, host, `10.1.0.${i}`, '+15550104040', wrongCode(code))).json().code).toBe('otp_expired');

      await cluster.stop(app);
      app = await cluster.start();
      // The same client is still over its limit, whatever address it tries now.
      const limited = await signIn(app, host, '10.0.0.1', 'other@example.test', PASSWORD);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'over_request_rate_limit' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // The address was guessed at LIMIT times: another client is refused for it, even with the right password.
      expect((await signIn(app, host, '10.0.0.2', 'kept@example.test', PASSWORD)).json().code).toBe('over_request_rate_limit');
      // The phone's codes are still burnt after the restart, the right one included.
      expect((await verify(app, host, '10.1.0.9', '+15550104040', code)).json().code).toBe('otp_expired');
      // Another address on another client is not affected.
      const other = await app.inject({
        method: 'POST',
        url: '/auth/v1/signup',
        headers: { host },
        remoteAddress: '10.0.0.3',
        payload: { email: 'other@example.test', password: PASSWORD },
      });
      expect(other.statusCode).toBe(200);
      expect((await signIn(app, host, '10.0.0.3', 'other@example.test', PASSWORD)).statusCode).toBe(200);
    });
  });

  // Two processes cannot share an embedded PGlite: the shared runs need PostgreSQL.
  describe.runIf(databaseUrl)(`sign-in limits in ${store} are shared by two instances`, () => {
    const cluster = new Cluster(redis);
    let one: FastifyInstance;
    let two: FastifyInstance;
    let host: string;
    beforeAll(async () => {
      one = await cluster.start();
      two = await cluster.start();
      host = await siteWithUser(one, 'shared', 'target@example.test');
    });
    afterAll(() => cluster.close());

    it('a client spreading its requests over both instances gets no more than the limit', async () => {
      const answers: number[] = [];
      // A different address each time, so only the per-client count can refuse.
      for (let i = 0; i < LIMIT + 1; i++)
        answers.push((await signIn(i % 2 === 0 ? one : two, host, '10.2.0.1', `nobody-${i}@example.test`, 'wrong-pass-1')).statusCode);
      expect(answers).toEqual([...Array<number>(LIMIT).fill(400), 429]);
    });

    it('password guesses at one address from many clients and both instances are limited per address', async () => {
      const codes: string[] = [];
      for (let i = 0; i < LIMIT; i++)
        codes.push((await signIn(i % 2 === 0 ? one : two, host, `10.3.0.${i}`, 'target@example.test', `guess-${i}-pass`)).json().code);
      expect(codes).toEqual(Array(LIMIT).fill('invalid_credentials'));
      const next = await signIn(two, host, '10.3.1.1', 'TARGET@example.test', PASSWORD);
      expect(next.statusCode).toBe(429);
      expect(next.json()).toMatchObject({ code: 'over_request_rate_limit' });
    });

    it('five wrong codes spread over both instances burn the right one too, until a new code is sent', async () => {
      const code = await smsCode(one, host, '+15550105050');
      for (let i = 0; i < 5; i++)
        expect((await verify(i % 2 === 0 ? one : two, host, `10.4.0.${i}`, '+15550105050', wrongCode(code))).json().code).toBe('otp_expired');
      expect((await verify(two, host, '10.4.1.1', '+15550105050', code)).json().code).toBe('otp_expired');
    });
  });
}
