import path from 'node:path';
import { parseAllowEntry } from '../net/allow-list.js';
import { dnsServerProblem } from '../net/resolver.js';

/** Where uploaded files live: the local disk by default, any S3 API when configured. */
export interface StorageConfig {
  driver: 'local' | 's3';
  /** Local driver: the folder files are kept in. */
  localDir: string;
  s3?: {
    bucket: string;
    region: string;
    endpoint?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
  };
}

export interface KernelConfig {
  port: number;
  host: string;
  /** Unset means the embedded PGlite database under `dataDir`. */
  databaseUrl?: string;
  /** Optional connection string for the application role; derived from `databaseUrl` when unset. */
  databaseAppUrl?: string;
  platformDomain: string;
  superadminEmails: string[];
  redisUrl?: string;
  smtpUrl?: string;
  dataDir: string;
  storage: StorageConfig;
  seedDemo: boolean;
  logLevel: string;
  /** Public base URL scheme used when printing and building links. */
  publicScheme: 'http' | 'https';
  /** Hosts of reverse proxies whose X-Forwarded-* headers are trusted. */
  trustProxy: string[];
  /** How long shutdown waits for in-flight requests before closing anyway. */
  shutdownTimeoutMs: number;
  /** Name of the database role request transactions run as. */
  appRole: string;
  /** Requests per client address and site to each sign-in endpoint, per 5 minutes. */
  authRateLimit: number;
  /** SIGNUP_CONFIRM_EMAIL: a site made at sign-up stays private until its owner confirms their e-mail address. */
  signupConfirmEmail: boolean;
  /**
   * STRIPE_API_URL: where payment plugins reach Stripe's API instead of api.stripe.com (stripe-mock,
   * or a test double on loopback); unset in production.
   */
  stripeApiUrl: string | undefined;
  /** RAZORPAY_API_URL: where payment plugins reach Razorpay's API instead of api.razorpay.com (a local double in tests). */
  razorpayApiUrl: string | undefined;
  /**
   * PAYPAL_API_URL: where payment plugins reach PayPal's REST API instead of api-m.paypal.com or its
   * sandbox (a local double in tests).
   */
  paypalApiUrl: string | undefined;
  /** Sender address of the platform's mail. */
  mailFrom: string;
  /** OUTBOUND_ALLOW: hosts (or host:port) the outbound guard lets through although their address is refused (development, tests). */
  outboundAllow: string[];
  /** DNS_SERVERS: the servers the kernel's resolver asks (ip, ip:port, [ipv6]:port); empty: the system's. */
  dnsServers: string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
const DOMAIN = /^(?=.{1,253}$)(localhost|([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}|[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)$/;
const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Reads the kernel configuration from environment variables. Every bad value is reported at
 * once, each with a message that names the variable and what it expects.
 */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): KernelConfig {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };

  const port = parseInteger(read('PORT') ?? '3000', 'PORT', 0, 65535, problems);
  const shutdownTimeoutMs = parseInteger(read('SHUTDOWN_TIMEOUT_MS') ?? '10000', 'SHUTDOWN_TIMEOUT_MS', 0, 600000, problems);

  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined) checkUrl(databaseUrl, 'DATABASE_URL', ['postgres:', 'postgresql:'], problems);
  const databaseAppUrl = read('DATABASE_APP_URL');
  if (databaseAppUrl !== undefined) checkUrl(databaseAppUrl, 'DATABASE_APP_URL', ['postgres:', 'postgresql:'], problems);

  const platformDomain = (read('PLATFORM_DOMAIN') ?? 'localhost').toLowerCase();
  if (!DOMAIN.test(platformDomain)) {
    problems.push(`PLATFORM_DOMAIN must be a domain name such as "example.com" or "localhost" (got "${platformDomain}")`);
  }

  const seedDemo = parseBoolean(read('SEED_DEMO') ?? 'true', 'SEED_DEMO', problems);
  const signupConfirmEmail = parseBoolean(read('SIGNUP_CONFIRM_EMAIL') ?? 'true', 'SIGNUP_CONFIRM_EMAIL', problems);
  const stripeApiUrl = read('STRIPE_API_URL');
  if (stripeApiUrl !== undefined) checkUrl(stripeApiUrl, 'STRIPE_API_URL', ['http:', 'https:'], problems);
  const razorpayApiUrl = read('RAZORPAY_API_URL');
  if (razorpayApiUrl !== undefined) checkUrl(razorpayApiUrl, 'RAZORPAY_API_URL', ['http:', 'https:'], problems);
  const paypalApiUrl = read('PAYPAL_API_URL');
  if (paypalApiUrl !== undefined) checkUrl(paypalApiUrl, 'PAYPAL_API_URL', ['http:', 'https:'], problems);
  const superadminEmails = list(read('SUPERADMIN_EMAILS') ?? (seedDemo ? 'admin@platform.test' : '')).map((e) => e.toLowerCase());
  for (const email of superadminEmails) {
    if (!EMAIL.test(email)) problems.push(`SUPERADMIN_EMAILS must be a comma-separated list of email addresses ("${email}" is not one)`);
  }

  const redisUrl = read('REDIS_URL');
  if (redisUrl !== undefined) checkUrl(redisUrl, 'REDIS_URL', ['redis:', 'rediss:'], problems);
  const smtpUrl = read('SMTP_URL');
  if (smtpUrl !== undefined) checkUrl(smtpUrl, 'SMTP_URL', ['smtp:', 'smtps:'], problems);

  const dataDir = path.resolve(cwd, read('DATA_DIR') ?? '.data');
  const storage = readStorage(read, dataDir, problems);

  const logLevel = read('LOG_LEVEL') ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}")`);
  }
  const publicScheme = read('PUBLIC_SCHEME') ?? 'http';
  if (publicScheme !== 'http' && publicScheme !== 'https') problems.push(`PUBLIC_SCHEME must be http or https (got "${publicScheme}")`);
  const trustProxy = list(read('TRUST_PROXY'));
  const authRateLimit = parseInteger(read('AUTH_RATE_LIMIT') ?? '30', 'AUTH_RATE_LIMIT', 1, 1_000_000, problems);
  const givenMailFrom = read('MAIL_FROM');
  if (givenMailFrom !== undefined && !EMAIL.test(givenMailFrom)) problems.push(`MAIL_FROM must be an email address (got "${givenMailFrom}")`);
  const mailFrom = givenMailFrom ?? `no-reply@${platformDomain.includes('.') ? platformDomain : 'localhost.localdomain'}`;
  const appRole = read('DATABASE_APP_ROLE') ?? 'lectern_app';
  if (!ROLE_NAME.test(appRole)) problems.push(`DATABASE_APP_ROLE must be a lower-case SQL identifier (got "${appRole}")`);
  const outboundAllow = list(read('OUTBOUND_ALLOW'));
  for (const entry of outboundAllow) {
    const parsed = parseAllowEntry(entry);
    if (typeof parsed === 'string')
      problems.push(`OUTBOUND_ALLOW must be a comma-separated list of hosts or host:port pairs such as 127.0.0.1,localhost:4000 (${parsed})`);
  }
  const dnsServers = list(read('DNS_SERVERS'));
  for (const server of dnsServers) {
    const problem = dnsServerProblem(server);
    if (problem !== undefined) problems.push(`DNS_SERVERS must be a comma-separated list of ip, ip:port or [ipv6]:port (${problem})`);
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host: read('HOST') ?? '0.0.0.0',
    databaseUrl,
    databaseAppUrl,
    platformDomain,
    superadminEmails,
    redisUrl,
    smtpUrl,
    dataDir,
    storage,
    seedDemo,
    logLevel,
    publicScheme: publicScheme as 'http' | 'https',
    trustProxy,
    shutdownTimeoutMs,
    appRole,
    authRateLimit,
    signupConfirmEmail,
    stripeApiUrl,
    razorpayApiUrl,
    paypalApiUrl,
    mailFrom,
    outboundAllow,
    dnsServers,
  };
}

/** A comma-separated setting as its non-empty items. */
function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function readStorage(read: (name: string) => string | undefined, dataDir: string, problems: string[]): StorageConfig {
  const driver = read('STORAGE_DRIVER') ?? 'local';
  const localDir = path.resolve(dataDir, read('STORAGE_DIR') ?? 'storage');
  if (driver === 'local') return { driver, localDir };
  if (driver !== 's3') {
    problems.push(`STORAGE_DRIVER must be "local" or "s3" (got "${driver}")`);
    return { driver: 'local', localDir };
  }
  const bucket = read('S3_BUCKET');
  if (bucket === undefined) problems.push('S3_BUCKET is required when STORAGE_DRIVER is "s3"');
  const endpoint = read('S3_ENDPOINT');
  if (endpoint !== undefined) checkUrl(endpoint, 'S3_ENDPOINT', ['http:', 'https:'], problems);
  return {
    driver,
    localDir,
    s3: {
      bucket: bucket ?? '',
      region: read('S3_REGION') ?? 'us-east-1',
      endpoint,
      accessKeyId: read('S3_ACCESS_KEY_ID'),
      secretAccessKey: read('S3_SECRET_ACCESS_KEY'),
      forcePathStyle: parseBoolean(read('S3_FORCE_PATH_STYLE') ?? 'false', 'S3_FORCE_PATH_STYLE', problems),
    },
  };
}

function parseInteger(raw: string, name: string, min: number, max: number, problems: string[]): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return min;
  }
  return value;
}

function parseBoolean(raw: string, name: string, problems: string[]): boolean {
  const value = raw.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  problems.push(`${name} must be true or false (got "${raw}")`);
  return false;
}

function checkUrl(raw: string, name: string, protocols: string[], problems: string[]): void {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`${name} must be a URL such as ${protocols[0]}//host:port (got an unparseable value)`);
    return;
  }
  if (!protocols.includes(url.protocol)) {
    problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')} (got "${url.protocol}//")`);
  }
}
