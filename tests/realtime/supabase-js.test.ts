import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startAuthSite, type AuthSite } from '../support/auth-site.js';
import { PASSWORD, onlineUsers, sleep, subscribe, waitFor } from './realtime-helpers.js';

type Site = Awaited<ReturnType<AuthSite['site']>>;

/** The real supabase-js realtime client (vsn 2.0.0, binary broadcasts) against tenant sites. */
describe('realtime with the real supabase-js', () => {
  let s: AuthSite;
  let school: Site;
  let academy: Site;
  const clients: SupabaseClient[] = [];

  /** A member of the site signed in with their password, as a browser tab would be. */
  const signedIn = async (site: Site, email: string): Promise<SupabaseClient> => {
    await s.t.createMember(site.account, { email, password: PASSWORD });
    const { client } = s.client(site);
    const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    s = await startAuthSite();
    school = await s.site({ slug: 'school' });
    academy = await s.site({ slug: 'academy' });
  });
  afterAll(async () => {
    for (const client of clients) await client.removeAllChannels();
    await s?.close();
  });

  it('two members see each other on onlineUsers, and leaves when one untracks or goes', async () => {
    const ada = await signedIn(school, 'ada@school.test');
    const bob = await signedIn(school, 'bob@school.test');
    const a = onlineUsers(ada, 'ada');
    const b = onlineUsers(bob, 'bob');
    expect((await subscribe(a.channel)).status).toBe('SUBSCRIBED');
    expect(await a.channel.track({ user: { id: 'ada', name: 'Ada' } })).toBe('ok');
    expect((await subscribe(b.channel)).status).toBe('SUBSCRIBED');
    expect(await b.channel.track({ user: { id: 'bob', name: 'Bob' } })).toBe('ok');

    await waitFor(() => Object.keys(a.channel.presenceState()).length === 2, 5_000, 'ada sees both');
    await waitFor(() => Object.keys(b.channel.presenceState()).length === 2, 5_000, 'bob sees both');
    // The server puts each member's real user id in presence, whatever the client claimed.
    const adaId = (await ada.auth.getUser()).data.user!.id;
    const bobId = (await bob.auth.getUser()).data.user!.id;
    expect(a.channel.presenceState().bob).toEqual([{ presence_ref: expect.any(String), user: { id: bobId, name: 'Bob' } }]);
    expect(b.channel.presenceState().ada).toEqual([{ presence_ref: expect.any(String), user: { id: adaId, name: 'Ada' } }]);
    expect(a.joins).toContain('bob');

    await b.channel.untrack();
    await waitFor(() => a.leaves.includes('bob'), 5_000, 'leave after untrack');
    expect(Object.keys(a.channel.presenceState())).toEqual(['ada']);

    await b.channel.track({ user: { id: 'bob', name: 'Bob' } });
    await waitFor(() => a.channel.presenceState().bob !== undefined, 5_000, 'bob back');
    await bob.removeChannel(b.channel);
    await waitFor(() => a.leaves.filter((k) => k === 'bob').length === 2, 5_000, 'leave after removeChannel');

    const b2 = onlineUsers(bob, 'bob');
    await subscribe(b2.channel);
    await b2.channel.track({ user: { id: 'bob' } });
    await waitFor(() => a.channel.presenceState().bob !== undefined, 5_000, 'bob back again');
    bob.realtime.disconnect();
    await waitFor(() => a.channel.presenceState().bob === undefined, 5_000, 'leave after disconnect');
    await ada.removeAllChannels();
  });

  it('broadcasts reach the others, the sender only with self, and ack resolves send()', async () => {
    const ada = await signedIn(school, 'ada2@school.test');
    const bob = await signedIn(school, 'bob2@school.test');
    const plain = onlineUsers(ada, 'ada2');
    const selfish = onlineUsers(bob, 'bob2', { self: true, ack: true });
    await subscribe(plain.channel);
    await subscribe(selfish.channel);

    expect(await plain.channel.send({ type: 'broadcast', event: 'wave', payload: { from: 'ada' } })).toBe('ok');
    await waitFor(() => selfish.messages.length === 1, 5_000, 'bob gets ada’s broadcast');
    expect(selfish.messages[0]).toEqual({ event: 'wave', payload: { from: 'ada' } });

    expect(await selfish.channel.send({ type: 'broadcast', event: 'wave', payload: { from: 'bob' } })).toBe('ok');
    await waitFor(() => plain.messages.length === 1, 5_000, 'ada gets bob’s broadcast');
    await waitFor(() => selfish.messages.length === 2, 5_000, 'bob gets his own (self)');
    expect(selfish.messages[1]).toEqual({ event: 'wave', payload: { from: 'bob' } });
    await sleep(150);
    expect(plain.messages).toHaveLength(1); // ada never got her own
    await ada.removeAllChannels();
    await bob.removeAllChannels();
  });

  it('keeps sites apart: no joining with another site’s token, no broadcasts across sites', async () => {
    const ada = await signedIn(school, 'ada3@school.test');
    const adaToken = (await ada.auth.getSession()).data.session!.access_token;
    const carol = await signedIn(academy, 'carol@academy.test');

    // Ada's token on the academy's host is refused at join.
    const { client: intruder } = s.client(academy);
    clients.push(intruder);
    await intruder.realtime.setAuth(adaToken);
    const refused = await subscribe(intruder.channel('onlineUsers'));
    expect(refused.status).toBe('CHANNEL_ERROR');
    expect(refused.error?.message).toContain('another site');
    await intruder.removeAllChannels();

    const schoolPeer = await signedIn(school, 'dan@school.test');
    const mine = onlineUsers(ada, 'ada3');
    const peer = onlineUsers(schoolPeer, 'dan');
    const theirs = onlineUsers(carol, 'carol');
    await Promise.all([subscribe(mine.channel), subscribe(peer.channel), subscribe(theirs.channel)]);
    await mine.channel.track({ user: { id: 'ada3' } });
    await theirs.channel.track({ user: { id: 'carol' } });
    await mine.channel.send({ type: 'broadcast', event: 'wave', payload: { secret: 1 } });
    await waitFor(() => peer.messages.length === 1, 5_000, 'same-site peer gets it');
    await waitFor(() => peer.channel.presenceState().ada3 !== undefined, 5_000, 'peer sees ada');
    await sleep(200);
    expect(theirs.messages).toEqual([]);
    expect(Object.keys(theirs.channel.presenceState())).toEqual(['carol']);
    expect(peer.channel.presenceState().carol).toBeUndefined();
    await Promise.all([ada.removeAllChannels(), schoolPeer.removeAllChannels(), carol.removeAllChannels()]);
  });

  it('joins with the signed-in user’s token: private channels admit members, not visitors', async () => {
    const ada = await signedIn(school, 'ada6@school.test');
    const member = await subscribe(ada.channel('staff', { config: { private: true } }));
    expect(member.status).toBe('SUBSCRIBED');
    const { client: visitor } = s.client(school);
    clients.push(visitor);
    const refused = await subscribe(visitor.channel('staff', { config: { private: true } }));
    expect(refused.status).toBe('CHANNEL_ERROR');
    expect((await subscribe(visitor.channel('lobby'))).status).toBe('SUBSCRIBED');
    await Promise.all([ada.removeAllChannels(), visitor.removeAllChannels()]);
  });

  it('kernel.realtime.broadcast reaches the subscribers of that account only', async () => {
    const ada = await signedIn(school, 'ada4@school.test');
    const carol = await signedIn(academy, 'carol4@academy.test');
    const mine = onlineUsers(ada, 'ada4');
    const theirs = onlineUsers(carol, 'carol4');
    await Promise.all([subscribe(mine.channel), subscribe(theirs.channel)]);
    await s.t.kernel.realtime.broadcast(school.account.id, 'onlineUsers', 'notification', { refresh: ['notifications', 'chat'] });
    await waitFor(() => mine.messages.length === 1, 5_000, 'server push');
    expect(mine.messages[0]).toEqual({ event: 'notification', payload: { refresh: ['notifications', 'chat'] } });
    await sleep(150);
    expect(theirs.messages).toEqual([]);
    await Promise.all([ada.removeAllChannels(), carol.removeAllChannels()]);
  });

  it('send() before joining falls back to POST /realtime/v1/api/broadcast', async () => {
    const ada = await signedIn(school, 'ada5@school.test');
    const listener = await signedIn(school, 'eve5@school.test');
    const l = onlineUsers(listener, 'eve5');
    await subscribe(l.channel);
    const unjoined = ada.channel('onlineUsers');
    const warn = console.warn;
    console.warn = () => undefined; // realtime-js warns that the REST fallback is deprecated
    try {
      expect(await unjoined.send({ type: 'broadcast', event: 'wave', payload: { via: 'http' } })).toBe('ok');
    } finally {
      console.warn = warn;
    }
    await waitFor(() => l.messages.length === 1, 5_000, 'http broadcast');
    expect(l.messages[0]).toEqual({ event: 'wave', payload: { via: 'http' } });
    expect((await ada.channel('onlineUsers').httpSend('wave', { via: 'httpSend' })).success).toBe(true);
    await waitFor(() => l.messages.length === 2, 5_000, 'httpSend broadcast');

    // Another site's key is refused.
    const res = await fetch(`${school.url}/realtime/v1/api/broadcast?apikey=${academy.anonKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: academy.anonKey },
      body: JSON.stringify({ messages: [{ topic: 'onlineUsers', event: 'x', payload: {} }] }),
    });
    expect(res.status).toBe(401);
    await Promise.all([ada.removeAllChannels(), listener.removeAllChannels()]);
  });

  it('works with the vsn 1.0.0 serializer too', async () => {
    await s.t.createMember(school.account, { email: 'v1@school.test', password: PASSWORD });
    const { createClient } = await import('@supabase/supabase-js');
    const WebSocket = (await import('ws')).default;
    const v1 = createClient(school.url, school.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { vsn: '1.0.0', transport: WebSocket as never },
    });
    clients.push(v1);
    await v1.auth.signInWithPassword({ email: 'v1@school.test', password: PASSWORD });
    const other = await signedIn(school, 'v2@school.test');
    const one = onlineUsers(v1, 'v1');
    const two = onlineUsers(other, 'v2');
    await subscribe(one.channel);
    await subscribe(two.channel);
    await one.channel.track({ user: { id: 'v1' } });
    await waitFor(() => two.channel.presenceState().v1 !== undefined, 5_000, 'v2 sees v1');
    await one.channel.send({ type: 'broadcast', event: 'wave', payload: { n: 1 } });
    await waitFor(() => two.messages.length === 1, 5_000, 'v2 gets v1’s broadcast');
    await two.channel.send({ type: 'broadcast', event: 'wave', payload: { n: 2 } });
    await waitFor(() => one.messages.length === 1, 5_000, 'v1 gets v2’s broadcast');
    await Promise.all([v1.removeAllChannels(), other.removeAllChannels()]);
  });
});
