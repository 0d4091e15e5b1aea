import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createKernel, loadConfig, type Kernel, type KernelConfig, type KernelOptions, type PluginDefinition, type SiteThemes } from '@lectern/core';
import { createTestDatabase } from './test-database.js';

export interface TestKernelOptions {
  plugins?: PluginDefinition[];
  /** Environment variables on top of the test defaults (PLATFORM_DOMAIN=localhost, SEED_DEMO=false). */
  env?: Record<string, string>;
  /** Seed the demo accounts and users (off by default). */
  seedDemo?: boolean;
  /** Show the kernel's log (or set TEST_LOG=1). */
  log?: boolean;
  /** Receive the kernel's log lines (JSON, level info and up), e.g. to assert on them. */
  logLines?: string[];
  /** Serve the admin SPA from this build directory instead of admin/dist. */
  adminDist?: string;
  /** Themes for the public sites (none: the kernel serves no public pages). */
  themes?: SiteThemes;
  /** Told of every answered request's route pattern and status (see KernelOptions.observeResponses). */
  observeResponses?: KernelOptions['observeResponses'];
}

export interface TestAccount {
  id: string;
  slug: string;
  /** The Host header that addresses the account's site. */
  host: string;
  plan: string;
}

export interface TestMember {
  userId: string;
  email: string;
  accountId: string;
  role: string;
  /** An access token for the member on their account's site. */
  token: string;
}

export interface TestRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  url: string;
  /** The site to call; defaults to the member's account, else the platform host. */
  account?: TestAccount;
  /** Call as this member (adds their bearer token). */
  as?: TestMember;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface TestKernel {
  app: FastifyInstance;
  kernel: Kernel;
  config: KernelConfig;
  /** 'embedded' (PGlite) or 'postgres' (TEST_DATABASE_URL). */
  databaseKind: 'embedded' | 'postgres';
  createAccount(input?: { slug?: string; name?: string; plan?: string; features?: string[] | Record<string, boolean> }): Promise<TestAccount>;
  createMember(account: TestAccount, input?: { role?: string; email?: string; name?: string; password?: string }): Promise<TestMember>;
  /**
   * The platform account (created on the first call, plan dedicated) and the first SUPERADMIN_EMAILS
   * address as a member of it with the given role (default student: the powers come from the list).
   */
  platform(input?: { role?: string; name?: string }): Promise<{ account: TestAccount; superAdmin: TestMember }>;
  request(request: TestRequest): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

/**
 * Boots a whole kernel on a database of its own: a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set, else an in-memory PGlite. Call close() when done (afterAll).
 */
export async function createTestKernel(options: TestKernelOptions = {}): Promise<TestKernel> {
  const database = await createTestDatabase();
  const env: Record<string, string> = {
    PLATFORM_DOMAIN: 'localhost',
    SEED_DEMO: 'false',
    SUPERADMIN_EMAILS: 'root@platform.test',
    DATA_DIR: `/tmp/lectern-test-${unique()}`,
    LOG_LEVEL: 'warn',
    // No DNS server listens here: a lookup a test did not prepare a server for fails at once
    // instead of leaving the machine (tests send traffic only to loopback).
    DNS_SERVERS: '127.0.0.1:1',
    ...(database.url === undefined ? {} : { DATABASE_URL: database.url }),
    ...options.env,
  };
  const config = loadConfig(env);
  let app: FastifyInstance;
  try {
    app = await createKernel(config, {
      plugins: options.plugins,
      inMemoryDatabase: true,
      ...(database.template === undefined ? {} : { embeddedTemplate: database.template }),
      logger:
        options.logLines !== undefined
          ? { level: 'info', stream: { write: (line: string) => void options.logLines?.push(line) } }
          : options.log || process.env.TEST_LOG
            ? { level: 'info' }
            : false,
      busPrefix: `lectern-test-${unique()}:`,
      ...(options.adminDist === undefined ? {} : { adminDist: options.adminDist }),
      ...(options.themes === undefined ? {} : { themes: options.themes }),
      ...(options.observeResponses === undefined ? {} : { observeResponses: options.observeResponses }),
    });
  } catch (error) {
    await database.drop().catch(() => undefined);
    throw error;
  }
  const kernel = app.kernel;
  if (options.seedDemo) await kernel.seedDemo();

  const hostOf = (slug: string) => `${slug}.${config.platformDomain}`;
  let platformAccount: Promise<TestAccount> | undefined;
  let superAdmin: Promise<TestMember> | undefined;

  return {
    app,
    kernel,
    config,
    databaseKind: kernel.database.kind,

    async createAccount(input = {}) {
      const slug = input.slug ?? `acct-${unique()}`;
      const features = Array.isArray(input.features) ? Object.fromEntries(input.features.map((f) => [f, true])) : (input.features ?? {});
      const plan = input.plan ?? 'professional';
      const { id } = await kernel.admin.createAccount({ slug, name: input.name ?? `Account ${slug}`, plan, features });
      return { id, slug, host: hostOf(slug), plan };
    },

    async createMember(account, input = {}) {
      const role = input.role ?? 'student';
      const email = (input.email ?? `${role}-${unique()}@example.test`).toLowerCase();
      const { id: userId } = await kernel.admin.createUser({ email, password: input.password, displayName: input.name ?? email.split('@')[0] });
      await kernel.admin.addMember(account.id, userId, role);
      const token = await kernel.tokens.sign({ sub: userId, email, role: 'authenticated', account_id: account.id });
      return { userId, email, accountId: account.id, role, token };
    },

    async platform(input = {}) {
      platformAccount ??= kernel.admin
        .createAccount({ slug: 'platform', name: 'Platform', plan: 'dedicated', features: {}, isPlatform: true })
        .then(({ id }) => ({ id, slug: 'platform', host: config.platformDomain, plan: 'dedicated' }));
      const account = await platformAccount;
      const email = config.superadminEmails[0];
      if (email === undefined) throw new Error('platform() needs SUPERADMIN_EMAILS');
      superAdmin ??= (this as TestKernel).createMember(account, { role: input.role ?? 'student', email, name: input.name });
      return { account, superAdmin: await superAdmin };
    },

    async request({ method = 'GET', url, account, as, payload, headers = {} }) {
      const host = account?.host ?? (as === undefined ? config.platformDomain : undefined);
      const target = host ?? (await accountHost(kernel, as as TestMember, hostOf));
      return app.inject({
        method,
        url,
        headers: {
          host: target,
          ...(as === undefined ? {} : { authorization: `Bearer ${as.token}` }),
          ...headers,
        },
        ...(payload === undefined ? {} : { payload: payload as string | object }),
      });
    },

    async close() {
      try {
        await app.close();
      } finally {
        await database.drop();
      }
    },
  };
}

async function accountHost(kernel: Kernel, member: TestMember, hostOf: (slug: string) => string): Promise<string> {
  const account = await kernel.accounts.findById(member.accountId);
  if (account === null) throw new Error(`member's account ${member.accountId} does not exist`);
  return account.isPlatform ? kernel.config.platformDomain : hostOf(account.slug);
}
