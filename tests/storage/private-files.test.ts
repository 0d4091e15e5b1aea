import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, defineErrors, Type, definePlugin } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { makeImage } from './storage-site.js';

const ProbeErrors = defineErrors({
  probeRolledBack: { code: 'file_probe_rolled_back', status: 409, messageKey: 'errors.conflict', message: 'The probe rolled its request back' },
});

/**
 * A plugin route that stores a visitor's file in the managers-only bucket inside its request
 * (PluginStorage.putIn), as a form's upload does, and can roll its request back afterwards.
 */
const plugin = definePlugin({
  manifest: { name: 'fileprobe', version: '1.0.0', kernel: '^0.1.0' },
  routes(app, ctx) {
    app.post(
      '/files',
      {
        config: { public: true },
        schema: {
          body: Type.Object({ name: Type.String({ maxLength: 100 }), data: Type.String({ maxLength: 200_000 }), fail: Type.Optional(Type.Boolean()) }),
          response: { 200: Type.Object({ key: Type.String() }) },
        },
      },
      async (request) => {
        const stored = await ctx.storage.putIn(request.ctx, 'private', `probe/${request.body.name}`, Buffer.from(request.body.data, 'base64'));
        if (request.body.fail === true) throw appError(ProbeErrors.probeRolledBack);
        return { key: stored.key };
      },
    );
  },
});

describe('the managers-only bucket and files stored in a plugin route’s transaction', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let student: TestMember;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [plugin] });
    site = await t.createAccount();
    owner = await t.createMember(site, { role: 'owner' });
    student = await t.createMember(site, { role: 'student' });
    png = await makeImage(20, 'png');
  });
  afterAll(() => t?.close());

  const store = (name: string, bytes: Buffer, fail = false) =>
    t.request({ method: 'POST', url: '/api/fileprobe/files', account: site, payload: { name, data: bytes.toString('base64'), fail } });
  const download = (path: string, as?: TestMember) =>
    t.request({ url: `/storage/v1/object/authenticated/private/${path}`, account: site, ...(as === undefined ? {} : { as }) });
  /** Storage answers its refusals as storage-api does: HTTP 400 with the real status in the body. */
  const refusal = (res: { statusCode: number; json: <T>() => T }) => (res.statusCode === 200 ? '200' : res.json<{ statusCode: string }>().statusCode);

  it('stores a visitor’s file for the managers only: members, visitors and the public address are refused', async () => {
    const stored = await store('photo.png', png);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toEqual({ key: 'private/probe/photo.png' });

    const read = await download('probe/photo.png', owner);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(png)).toBe(true);
    expect(refusal(await download('probe/photo.png', student))).toBe('403');
    expect(refusal(await download('probe/photo.png'))).toMatch(/^40[134]$/);
    expect(refusal(await t.request({ url: '/storage/v1/object/public/private/probe/photo.png', account: site }))).toBe('404');
    const listed = await t.request({ method: 'POST', url: '/storage/v1/object/list/private', account: site, as: student, payload: { prefix: 'probe' } });
    expect(refusal(listed)).toBe('403');
    // Members cannot write there either, and the owner cannot make it public.
    const written = await t.request({
      method: 'POST',
      url: '/storage/v1/object/private/probe/mine.png',
      account: site,
      as: student,
      payload: png,
      headers: { 'content-type': 'image/png' },
    });
    expect(refusal(written)).toBe('403');
    const opened = await t.request({ method: 'PUT', url: '/storage/v1/bucket/private', account: site, as: owner, payload: { id: 'private', public: true } });
    expect(refusal(opened)).toBe('400');
    expect(opened.json()).toMatchObject({ message: expect.stringContaining('cannot be made public') });
  });

  it('checks the file as an upload and takes it back when the request rolls back', async () => {
    const renamed = await store('script.png', Buffer.from('#!/bin/sh\necho hi\n'));
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json()).toMatchObject({ error: 'invalid_mime_type' });
    // A second file at a path in use is refused (callers pick fresh paths).
    expect((await store('photo.png', png)).statusCode).toBe(409);

    expect((await store('undone.png', png, true)).statusCode).toBe(409);
    expect(refusal(await download('probe/undone.png', owner))).toBe('404');
    expect(await t.kernel.storage.get(site.id, 'private', 'probe/undone.png')).toBeNull();
  });
});
