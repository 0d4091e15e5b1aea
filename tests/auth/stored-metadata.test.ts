import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthSite, type AuthSite } from '../support/auth-site.js';

const PASSWORD = 'correct-horse-42';

/** A value nested `levels` deep: {a: {a: … {}}}. */
function deeplyNested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

/** The claims inside an access token. */
function claimsOf(accessToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

/**
 * Users who stored metadata past today's bounds before the bounds existed (the symptom:
 * every token mint for them answered 500). Their rows are written straight into the users table,
 * as an old row would be, and they sign in with the real supabase-js.
 */
describe('metadata stored before the bounds existed', () => {
  let s: AuthSite;
  const logLines: string[] = [];
  beforeAll(async () => {
    s = await startAuthSite({ logLines });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a user whose stored metadata is thousands of levels deep signs in, refreshes and can replace it', async () => {
    const site = await s.site({ slug: 'old-deep' });
    const email = 'old-deep@example.test';
    expect((await s.client(site).client.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    await s.t.kernel.database.owner
      .updateTable('users')
      .set({
        user_metadata: JSON.stringify({ name: 'Old', nested: deeplyNested(3000) }),
        app_metadata: JSON.stringify({ provider: 'email', providers: ['email'], blob: deeplyNested(3000) }),
      })
      .where('email', '=', email)
      .execute();

    const { client } = s.client(site);
    const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    const session = signedIn.data.session!;
    // The token leaves the over-size metadata out rather than failing; the provider is kept.
    expect(claimsOf(session.access_token)).toMatchObject({ email, user_metadata: {}, app_metadata: { provider: 'email', providers: ['email'] } });
    expect(session.user.user_metadata).toEqual({});
    // The operator learns why, from a warning naming the user.
    const warning = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => String(entry.msg).includes('left out of the access token'));
    expect(warning).toMatchObject({ level: 40, userId: session.user.id, dropped: ['user_metadata', 'app_metadata'] });

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(claimsOf(refreshed.data.session!.access_token).user_metadata).toEqual({});
    expect((await client.auth.getUser()).data.user?.email).toBe(email);

    // The user can store new metadata: the old over-size value does not block the merge.
    const updated = await client.auth.updateUser({ data: { name: 'New' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ name: 'New' });
    const again = await s.client(site).client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(claimsOf(again.data.session!.access_token).user_metadata).toEqual({ name: 'New' });

    // Metadata within the bounds, up to their depth, is carried as stored.
    expect((await client.auth.updateUser({ data: { deep: deeplyNested(6) } })).error).toBeNull();
    const kept = await s.client(site).client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(claimsOf(kept.data.session!.access_token).user_metadata).toEqual({ name: 'New', deep: deeplyNested(6) });
    expect(kept.data.session!.user.user_metadata).toEqual({ name: 'New', deep: deeplyNested(6) });
  });
});
