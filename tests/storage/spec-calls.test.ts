import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_UPLOAD_FILTER } from '@lectern/sdk';
import type { AuthSite } from '../support/auth-site.js';
import { startStorageKernel, storageSite, type StorageSite, type StorageUser } from './storage-site.js';

describe('SPEC §7 calls: /api/upload/text and /api/account/defaults', () => {
  let s: AuthSite;
  let site: StorageSite;
  let other: StorageSite;
  let owner: StorageUser;
  let student: StorageUser;

  beforeAll(async () => {
    s = await startStorageKernel();
    site = await storageSite(s, { slug: 'texts-site' });
    other = await storageSite(s, { slug: 'texts-other' });
    owner = await site.user('owner');
    student = await site.user('student');
  });
  afterAll(async () => {
    await s?.close();
  });

  const uploadText = (user: StorageUser | null, info: unknown, text: string | Buffer = 'Unit one text') => {
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), 'unit.txt');
    form.append('info', JSON.stringify(info));
    return fetch(`${site.url}/api/upload/text`, { method: 'POST', body: form, headers: user === null ? {} : { authorization: `Bearer ${user.member.token}` } });
  };

  it('stores a unit text in the private texts bucket and answers {data}', async () => {
    const res = await uploadText(owner, { path: 'units/u-101.txt', account_id: site.account.id });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { path: string; fullPath: string; id: string } };
    expect(body.data).toMatchObject({ path: 'units/u-101.txt', fullPath: 'texts/units/u-101.txt' });
    // Replaced on the next save of the same unit.
    expect((await uploadText(owner, { path: 'units/u-101.txt', account_id: site.account.id }, 'Edited')).status).toBe(200);
    const download = await owner.client.storage.from('texts').download('units/u-101.txt');
    expect(await download.data?.text()).toBe('Edited');
    const pub = await fetch(site.anonymous().storage.from('texts').getPublicUrl('units/u-101.txt').data.publicUrl);
    expect(pub.status).toBe(400);
    for (const path of ['quiz/q1.txt', 'assignments/a-9.txt']) expect((await uploadText(owner, { path, account_id: site.account.id })).status).toBe(200);
  });

  it('refuses a student the texts no plugin lets them write, and asks the storage.textUpload filter', async () => {
    // With no plugin answering, only members holding manage_options may save texts.
    for (const path of ['units/u-101.txt', 'quiz/q1.txt', 'assignments/a-9.txt', `assignments/a-9_${student.member.userId}.txt`]) {
      const refused = await uploadText(student, { path, account_id: site.account.id }, 'Overwritten by a student');
      expect(refused.status, path).toBe(403);
      expect(await refused.json(), path).toMatchObject({ error: 'forbidden', statusCode: 403 });
    }
    expect(await (await owner.client.storage.from('texts').download('units/u-101.txt')).data?.text()).toBe('Edited');

    // A plugin answering the filter decides; it sees who, which kind, which item and the path.
    const seen: unknown[] = [];
    const remove = s.t.kernel.hooks.addFilter(TEXT_UPLOAD_FILTER, (query) => {
      seen.push({ accountId: query.accountId, userId: query.userId, kind: query.kind, itemId: query.itemId, path: query.path, allowed: query.allowed });
      return { ...query, allowed: query.allowed || (query.kind === 'assignments' && query.itemId.endsWith(`_${query.userId}`)) };
    });
    try {
      const own = `assignments/a-9_${student.member.userId}.txt`;
      expect((await uploadText(student, { path: own, account_id: site.account.id }, 'My answer')).status).toBe(200);
      expect(seen).toEqual([
        { accountId: site.account.id, userId: student.member.userId, kind: 'assignments', itemId: `a-9_${student.member.userId}`, path: own, allowed: false },
      ]);
      expect((await uploadText(student, { path: `assignments/a-9_${owner.member.userId}.txt`, account_id: site.account.id })).status).toBe(403);
      expect((await uploadText(student, { path: 'units/u-101.txt', account_id: site.account.id })).status).toBe(403);
      // A manager's query starts allowed.
      seen.length = 0;
      expect((await uploadText(owner, { path: 'units/u-102.txt', account_id: site.account.id })).status).toBe(200);
      expect(seen).toMatchObject([{ kind: 'units', itemId: 'u-102', allowed: true }]);
    } finally {
      remove();
    }
    // The storage API is no way around the filter: only site managers write the texts bucket there.
    const instructor = await site.user('instructor');
    for (const user of [student, instructor]) {
      const direct = await user.client.storage.from('texts').upload('units/u-101.txt', Buffer.from('Overwritten'), { contentType: 'text/plain', upsert: true });
      expect(direct.error, user.member.role).toMatchObject({ statusCode: '403' });
      const signed = await user.client.storage.from('texts').createSignedUploadUrl('units/u-101.txt', { upsert: true });
      expect(signed.error, user.member.role).toMatchObject({ statusCode: '403' });
      expect((await user.client.storage.from('texts').remove(['units/u-101.txt'])).error, user.member.role).toMatchObject({ statusCode: '403' });
    }
    expect(await (await owner.client.storage.from('texts').download('units/u-101.txt')).data?.text()).toBe('Edited');
  });

  it('refuses another account, other paths, binary files and signed-out callers', async () => {
    const mismatch = await uploadText(owner, { path: 'units/u1.txt', account_id: other.account.id });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ error: 'account_mismatch', statusCode: 400 });
    for (const path of ['units/../x.txt', 'notes/u1.txt', 'units/u1.pdf', '/units/u1.txt']) {
      const res = await uploadText(owner, { path, account_id: site.account.id });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'validation_failed' });
    }
    const binary = await uploadText(owner, { path: 'units/u2.txt', account_id: site.account.id }, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1]));
    expect(binary.status).toBe(415);
    const anon = await uploadText(null, { path: 'units/u3.txt', account_id: site.account.id });
    expect(anon.status).toBe(401);
    expect(await anon.json()).toMatchObject({ error: 'not_authenticated' });
  });

  it('shows a student their own assignment texts only; course material and content roles see all', async () => {
    const classmate = await site.user('student');
    const mine = `assignments/a-7_${student.member.userId}.txt`;
    const theirs = `assignments/a-7_${classmate.member.userId}.txt`;
    for (const path of [mine, theirs]) expect((await uploadText(owner, { path, account_id: site.account.id }, `answer in ${path}`)).status).toBe(200);
    const texts = student.client.storage.from('texts');
    expect(await (await texts.download(mine)).data?.text()).toBe(`answer in ${mine}`);
    expect((await texts.download(theirs)).error).toMatchObject({ statusCode: '404' });
    expect((await texts.info(theirs)).error).toMatchObject({ statusCode: '404' });
    expect((await texts.createSignedUrl(theirs, 60)).error).toMatchObject({ statusCode: '404' });
    expect((await texts.createSignedUrls([mine, theirs], 60)).data?.map((r) => r.signedUrl !== null)).toEqual([true, false]);
    // Listings leave out other students' files (this student also saved a-9 earlier); the owner's
    // a-9.txt is that assignment's brief, course material.
    const listed = (await texts.list('assignments')).data?.map((e) => e.name) ?? [];
    expect(listed).toContain(`a-7_${student.member.userId}.txt`);
    expect(listed).toContain('a-9.txt');
    expect(listed.filter((name) => name !== 'a-9.txt').every((name) => name.endsWith(`_${student.member.userId}.txt`))).toBe(true);
    const listedV2 = (await texts.listV2({ prefix: 'assignments/' })).data?.objects.map((o) => o.name) ?? [];
    expect(listedV2).toContain(mine);
    expect(listedV2).not.toContain(theirs);
    // Unit texts are course material: every member reads them.
    expect(await (await texts.download('units/u-101.txt')).data?.text()).toBe('Edited');
    const instructor = await site.user('instructor');
    expect(await (await instructor.client.storage.from('texts').download(theirs)).data?.text()).toBe(`answer in ${theirs}`);
    expect((await instructor.client.storage.from('texts').list('assignments')).data?.length).toBeGreaterThanOrEqual(2);
  });

  it("shows students an assignment's own brief, hiding only other students' answer files", async () => {
    const assignment = '3f2b6c1e-8d4a-4c3b-9e7f-1a2b3c4d5e6f';
    const brief = `assignments/${assignment}.txt`;
    const classmate = await site.user('student');
    const mine = `assignments/${assignment}_${student.member.userId}.txt`;
    const theirs = `assignments/${assignment}_${classmate.member.userId}.txt`;
    for (const path of [brief, mine, theirs])
      expect((await uploadText(owner, { path, account_id: site.account.id }, `text of ${path}`)).status, path).toBe(200);

    const texts = student.client.storage.from('texts');
    expect(await (await texts.download(brief)).data?.text()).toBe(`text of ${brief}`);
    expect((await texts.info(brief)).error).toBeNull();
    expect((await texts.createSignedUrls([brief, mine, theirs], 60)).data?.map((r) => r.signedUrl !== null)).toEqual([true, true, false]);
    expect((await texts.download(theirs)).error).toMatchObject({ statusCode: '404' });
    // An upper-case spelling of someone else's id is still theirs.
    const shouted = `assignments/${assignment}_${classmate.member.userId.toUpperCase()}.txt`;
    expect((await uploadText(owner, { path: shouted, account_id: site.account.id }, 'shouted')).status).toBe(200);
    expect((await texts.download(shouted)).error).toMatchObject({ statusCode: '404' });

    const listed = (await texts.list('assignments', { limit: 1000 })).data?.map((e) => e.name) ?? [];
    expect(listed).toEqual(expect.arrayContaining([`${assignment}.txt`, `${assignment}_${student.member.userId}.txt`]));
    expect(listed).not.toContain(`${assignment}_${classmate.member.userId}.txt`);
    expect(listed).not.toContain(`${assignment}_${classmate.member.userId.toUpperCase()}.txt`);
    const listedV2 = (await texts.listV2({ prefix: `assignments/${assignment}` })).data?.objects.map((o) => o.name);
    expect(listedV2).toEqual([brief, mine]);
    // The classmate sees their own files and the brief.
    const asClassmate = (await classmate.client.storage.from('texts').listV2({ prefix: `assignments/${assignment}` })).data?.objects.map((o) => o.name);
    expect(asClassmate).toEqual([brief, theirs, shouted].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  const defaults = (user: StorageUser, method: 'POST' | 'PUT', body: unknown) =>
    fetch(`${site.url}/api/account/defaults`, {
      method,
      body: JSON.stringify(body),
      headers: { authorization: `Bearer ${user.member.token}`, 'content-type': 'application/json' },
    });

  it('gives members the public video settings and owners the keys too', async () => {
    const empty = await defaults(student, 'POST', { account_id: site.account.id, type: 'bunnyCreds' });
    expect(await empty.json()).toEqual({ status: false, bunnyCreds: null });
    const creds = {
      libraryId: '12345',
      cdnHost: 'vz-abc.b-cdn.net',
      player: { autoplay: false, color: '#ff0000' },
      apiKey: 'secret-api-key',
      tokenAuthKey: 'secret-token-key',
    };
    expect((await defaults(student, 'PUT', { type: 'bunnyCreds', bunnyCreds: creds })).status).toBe(403);
    const set = await defaults(owner, 'PUT', { type: 'bunnyCreds', bunnyCreds: creds });
    expect(set.status).toBe(200);
    const asStudent = await defaults(student, 'POST', { account_id: site.account.id, type: 'bunnyCreds' });
    expect(await asStudent.json()).toEqual({
      status: true,
      bunnyCreds: { libraryId: '12345', cdnHost: 'vz-abc.b-cdn.net', player: { autoplay: false, color: '#ff0000' } },
    });
    const asOwner = await defaults(owner, 'POST', { account_id: site.account.id, type: 'bunnyCreds' });
    expect(await asOwner.json()).toEqual({ status: true, bunnyCreds: creds });
    const stored = await s.t.kernel.inAccount(site.account.id, ({ db }) =>
      db.selectFrom('options').select('value').where('key', '=', 'storage.bunnyCreds').executeTakeFirst(),
    );
    expect(stored?.value).toEqual(creds);
    const mismatch = await defaults(owner, 'POST', { account_id: other.account.id, type: 'bunnyCreds' });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ error: 'account_mismatch' });
    const badType = await defaults(owner, 'POST', { account_id: site.account.id, type: 'other' });
    expect(badType.status).toBe(400);
  });
});
