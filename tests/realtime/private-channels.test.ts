import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { startAuthSite, type AuthSite } from '../support/auth-site.js';
import { PASSWORD, subscribe, waitFor } from './realtime-helpers.js';

type Site = Awaited<ReturnType<AuthSite['site']>>;

/** A private channel with presence keyed by the member and a log of the broadcasts it heard. */
function privateRoom(client: SupabaseClient, key: string, broadcast: { self?: boolean; ack?: boolean } = {}) {
  const heard: Array<{ event: string; payload: unknown }> = [];
  const channel: RealtimeChannel = client
    .channel('staff-room', { config: { private: true, presence: { key }, broadcast: { self: broadcast.self ?? false, ack: broadcast.ack ?? false } } })
    .on('broadcast', { event: '*' }, (message) => void heard.push({ event: message.event, payload: message.payload }))
    .on('presence', { event: 'sync' }, () => undefined);
  return { channel, heard };
}

/**
 * Private channels (`config: { private: true }`) between two real supabase-js clients signed in
 * as members of one site: broadcasts, self echo, acks and presence all arrive; visitors,
 * anonymous users and signed-in non-members are refused.
 */
describe('private realtime channels with the real supabase-js', () => {
  let s: AuthSite;
  let school: Site;
  const clients: SupabaseClient[] = [];

  const signedIn = async (email: string): Promise<SupabaseClient> => {
    await s.t.createMember(school.account, { email, password: PASSWORD });
    const { client } = s.client(school);
    const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    s = await startAuthSite();
    school = await s.site({ slug: 'private-school' });
  });
  afterAll(async () => {
    for (const client of clients) await client.removeAllChannels();
    await s?.close();
  });

  it('delivers broadcasts, self echo, acks and presence between two members', async () => {
    const ada = await signedIn('ada@private.test');
    const bob = await signedIn('bob@private.test');
    const a = privateRoom(ada, 'ada', { self: true, ack: true });
    const b = privateRoom(bob, 'bob');
    expect((await subscribe(a.channel)).status).toBe('SUBSCRIBED');
    expect((await subscribe(b.channel)).status).toBe('SUBSCRIBED');

    // ack: true resolves send() with the server's answer.
    expect(await a.channel.send({ type: 'broadcast', event: 'note', payload: { from: 'ada' } })).toBe('ok');
    await waitFor(() => b.heard.length === 1, 5_000, 'bob hears ada');
    expect(b.heard[0]).toEqual({ event: 'note', payload: { from: 'ada' } });
    await waitFor(() => a.heard.length === 1, 5_000, 'ada hears herself (self)');
    expect(a.heard[0]).toEqual({ event: 'note', payload: { from: 'ada' } });

    expect(await b.channel.send({ type: 'broadcast', event: 'note', payload: { from: 'bob' } })).toBe('ok');
    await waitFor(() => a.heard.length === 2, 5_000, 'ada hears bob');
    expect(a.heard[1]).toEqual({ event: 'note', payload: { from: 'bob' } });

    expect(await a.channel.track({ role: 'teacher' })).toBe('ok');
    expect(await b.channel.track({ role: 'student' })).toBe('ok');
    await waitFor(() => Object.keys(a.channel.presenceState()).length === 2, 5_000, 'ada’s presence sync shows both');
    await waitFor(() => Object.keys(b.channel.presenceState()).length === 2, 5_000, 'bob’s presence sync shows both');
    expect(b.channel.presenceState().ada).toEqual([{ presence_ref: expect.any(String), role: 'teacher' }]);
    expect(a.channel.presenceState().bob).toEqual([{ presence_ref: expect.any(String), role: 'student' }]);

    // The public channel of the same name is another space: it hears nothing of the private one.
    const eve = await signedIn('eve@private.test');
    const publicHeard: unknown[] = [];
    const publicRoom = eve.channel('staff-room').on('broadcast', { event: '*' }, (m) => void publicHeard.push(m));
    expect((await subscribe(publicRoom)).status).toBe('SUBSCRIBED');
    await a.channel.send({ type: 'broadcast', event: 'note', payload: { from: 'ada', n: 2 } });
    await waitFor(() => b.heard.length === 2, 5_000, 'bob hears the second note');
    expect(publicHeard).toEqual([]);
    await Promise.all([ada.removeAllChannels(), bob.removeAllChannels(), eve.removeAllChannels()]);
  });

  it('delivers httpSend (JSON and binary) and the REST fallback of send() to private members', async () => {
    const ada = await signedIn('ada2@private.test');
    const bob = await signedIn('bob2@private.test');
    const b = privateRoom(bob, 'bob2');
    expect((await subscribe(b.channel)).status).toBe('SUBSCRIBED');

    const sender = ada.channel('staff-room', { config: { private: true } });
    expect(await sender.httpSend('note', { via: 'httpSend' })).toEqual({ success: true });
    await waitFor(() => b.heard.length === 1, 5_000, 'JSON httpSend arrives');
    expect(b.heard[0]).toEqual({ event: 'note', payload: { via: 'httpSend' } });

    // A binary payload goes as application/octet-stream and arrives as bytes (vsn 2.0.0 frame kind 4).
    expect(await sender.httpSend('bytes', new Uint8Array([1, 2, 3, 250]))).toEqual({ success: true });
    await waitFor(() => b.heard.length === 2, 5_000, 'binary httpSend arrives');
    expect(b.heard[1]!.event).toBe('bytes');
    expect([...new Uint8Array(b.heard[1]!.payload as ArrayBuffer)]).toEqual([1, 2, 3, 250]);

    const warn = console.warn;
    console.warn = () => undefined; // realtime-js warns that the REST fallback is deprecated
    try {
      expect(await ada.channel('staff-room', { config: { private: true } }).send({ type: 'broadcast', event: 'note', payload: { via: 'rest' } })).toBe('ok');
    } finally {
      console.warn = warn;
    }
    await waitFor(() => b.heard.length === 3, 5_000, 'REST fallback arrives');
    expect(b.heard[2]).toEqual({ event: 'note', payload: { via: 'rest' } });
    await Promise.all([ada.removeAllChannels(), bob.removeAllChannels()]);
  });

  it('refuses visitors, anonymous users and signed-in non-members', async () => {
    const { client: visitor } = s.client(school);
    clients.push(visitor);
    const refused = await subscribe(visitor.channel('staff-room', { config: { private: true } }));
    expect(refused.status).toBe('CHANNEL_ERROR');
    expect(
      await visitor
        .channel('staff-room', { config: { private: true } })
        .httpSend('note', { x: 1 })
        .catch((e: Error) => e.message),
    ).toMatch(/not_authenticated|authenticated/);

    // A valid token of this site for a user who is not a member of it.
    const { id: userId } = await s.t.kernel.admin.createUser({ email: 'stranger@private.test', password: PASSWORD, displayName: 'Stranger' });
    const strangerToken = await s.t.kernel.tokens.sign({ sub: userId, email: 'stranger@private.test', role: 'authenticated', account_id: school.account.id });
    const { client: stranger } = s.client(school);
    clients.push(stranger);
    await stranger.realtime.setAuth(strangerToken);
    const notMember = await subscribe(stranger.channel('staff-room', { config: { private: true } }));
    expect(notMember.status).toBe('CHANNEL_ERROR');
    expect(notMember.error?.message).toMatch(/member/i);
    // The same token still joins public channels.
    expect((await subscribe(stranger.channel('lobby'))).status).toBe('SUBSCRIBED');
    const http = await fetch(`${school.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: school.anonKey, authorization: `Bearer ${strangerToken}` },
      body: JSON.stringify({ messages: [{ topic: 'staff-room', event: 'note', payload: {}, private: true }] }),
    });
    expect(http.status).toBe(403);

    // A member's channel whose token is swapped for the non-member's is closed, with the reason.
    const carl = await signedIn('carl@private.test');
    const system: Array<{ status?: string; message?: string }> = [];
    const room = carl
      .channel('staff-room', { config: { private: true } })
      .on('system', {}, (message: { status?: string; message?: string }) => void system.push(message));
    expect((await subscribe(room)).status).toBe('SUBSCRIBED');
    await carl.realtime.setAuth(strangerToken);
    await waitFor(() => system.find((m) => m.status === 'error'), 5_000, 'the channel is closed for the non-member token');
    expect(system.find((m) => m.status === 'error')?.message).toMatch(/member/i);

    // An anonymous sign-in is signed in but has no membership: refused even if its user id is a member's.
    const member = await s.t.createMember(school.account, { email: 'dan@private.test' });
    const anonymousToken = await s.t.kernel.tokens.sign({ sub: member.userId, role: 'authenticated', account_id: school.account.id, is_anonymous: true });
    const { client: anonymous } = s.client(school);
    clients.push(anonymous);
    await anonymous.realtime.setAuth(anonymousToken);
    const anon = await subscribe(anonymous.channel('staff-room', { config: { private: true } }));
    expect(anon.status).toBe('CHANNEL_ERROR');
    await Promise.all([visitor.removeAllChannels(), stranger.removeAllChannels(), anonymous.removeAllChannels()]);
  });
});
