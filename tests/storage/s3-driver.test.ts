import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import S3rver from 's3rver';
import { findFreePort } from '../support/free-port.js';
import { supabaseJsStorageSuite } from './supabase-js-suite.js';

const BUCKET = 'lectern-test';
let server: S3rver;
let directory: string;
let port: number;

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  port = await findFreePort();
  server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  await server.run();
});
afterAll(async () => {
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

supabaseJsStorageSuite(
  's3',
  () => ({
    STORAGE_DRIVER: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  }),
  async (s, key) => (await s.t.kernel.storage.driver.get(key)) !== null,
);
