import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config.port).toBe(3000);
    expect(config.platformDomain).toBe('localhost');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe('/srv/app/.data');
    expect(config.storage).toEqual({ driver: 'local', localDir: '/srv/app/.data/storage' });
    expect(config.seedDemo).toBe(true);
    expect(config.superadminEmails).toEqual(['admin@platform.test']);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/x',
      PLATFORM_DOMAIN: 'Example.COM',
      SUPERADMIN_EMAILS: 'a@x.io, B@y.org',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: 'smtp://mail:25',
      DATA_DIR: '/var/lib/lectern',
      SEED_DEMO: 'false',
    });
    expect(config.port).toBe(8080);
    expect(config.platformDomain).toBe('example.com');
    expect(config.superadminEmails).toEqual(['a@x.io', 'b@y.org']);
    expect(config.seedDemo).toBe(false);
    expect(config.dataDir).toBe('/var/lib/lectern');
  });

  it('without the demo there are no default super-admins', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).superadminEmails).toEqual([]);
  });

  it('reports every bad value at once, naming the variable', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        PLATFORM_DOMAIN: 'not a domain',
        SUPERADMIN_EMAILS: 'nope',
        SEED_DEMO: 'maybe',
        STORAGE_DRIVER: 'ftp',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT must be a whole number from 0 to 65535 (got "eighty")');
    expect(problems).toContain('DATABASE_URL must start with postgres:// or postgresql://');
    expect(problems).toContain('PLATFORM_DOMAIN must be a domain name');
    expect(problems).toContain('SUPERADMIN_EMAILS must be a comma-separated list of email addresses ("nope" is not one)');
    expect(problems).toContain('SEED_DEMO must be true or false (got "maybe")');
    expect(problems).toContain('STORAGE_DRIVER must be "local" or "s3"');
    expect((error as ConfigError).problems).toHaveLength(6);
  });

  it('needs a bucket for S3 storage', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET is required/);
    const config = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:4568', S3_FORCE_PATH_STYLE: 'true' });
    expect(config.storage.s3).toMatchObject({ bucket: 'media', endpoint: 'http://127.0.0.1:4568', forcePathStyle: true, region: 'us-east-1' });
  });

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be a whole number from 0 to 65535 \(got "70000"\)/);
  });
});
