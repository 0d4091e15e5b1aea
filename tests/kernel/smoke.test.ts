import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';

describe('smoke', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await createTestKernel();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /healthz and /readyz', async () => {
    expect((await t.request({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.request({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().database).toBe(t.databaseKind);
  });
});
