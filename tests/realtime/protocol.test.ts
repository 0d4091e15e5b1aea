import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthSite, type AuthSite } from '../support/auth-site.js';
import type { TestMember } from '@lectern/sdk/testing';
import { RawSocket, sleep, userBroadcastPush, waitFor } from './realtime-helpers.js';

/**
 * The Phoenix wire protocol seen from a raw websocket client: both serializers, heartbeats,
 * join checks, presence and broadcast frames, the idle timeout and the handshake rules.
 */
describe('realtime wire protocol', () => {
  let s: AuthSite;
  let site: Awaited<ReturnType<AuthSite['site']>>;
  let other: Awaited<ReturnType<AuthSite['site']>>;
  let ada: TestMember;
  let bob: TestMember;
  const sockets: RawSocket[] = [];

  const open = async (vsn: '1.0.0' | '2.0.0', host = site.account.host, apikey = site.anonKey) => {
    const socket = await RawSocket.open(`ws://127.0.0.1:${s.port}/realtime/v1/websocket?apikey=${apikey}&vsn=${vsn}`, vsn, `${host}:${s.port}`);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    s = await startAuthSite();
    site = await s.site({ slug: 'wire' });
    other = await s.site({ slug: 'elsewhere' });
    ada = await s.t.createMember(site.account, { email: 'ada@wire.test' });
    bob = await s.t.createMember(site.account, { email: 'bob@wire.test' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await s?.close();
  });

  it('answers heartbeats on vsn 1.0.0 with JSON objects', async () => {
    const socket = await open('1.0.0');
    const ref = socket.push('phoenix', 'heartbeat', {});
    expect(await socket.reply(ref)).toEqual({ topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} }, ref, join_ref: null });
    expect(socket.frames[0]).not.toBeInstanceOf(Array);
  });

  it('answers heartbeats on vsn 2.0.0 with JSON arrays', async () => {
    const socket = await open('2.0.0');
    const ref = socket.push('phoenix', 'heartbeat', {});
    await socket.reply(ref);
    expect(socket.frames[0]).toEqual([null, ref, 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
  });

  it('joins, tracks presence and broadcasts on vsn 1.0.0', async () => {
    const one = await open('1.0.0');
    const two = await open('1.0.0');
    const config = { broadcast: { self: false, ack: true }, presence: { key: 'ada', enabled: true }, postgres_changes: [] };
    const join1 = one.push('realtime:room', 'phx_join', { config, access_token: ada.token });
    expect((await one.reply(join1)).payload).toEqual({ status: 'ok', response: { postgres_changes: [] } });
    // presence_state follows the join reply at once.
    const state = await waitFor(() => one.messages().find((m) => m.event === 'presence_state'));
    expect(state).toMatchObject({ topic: 'realtime:room', payload: {}, join_ref: join1 });
    const track = one.push('realtime:room', 'presence', { type: 'presence', event: 'track', payload: { user: { name: 'Ada' } } }, join1);
    expect((await one.reply(track)).payload).toEqual({ status: 'ok', response: {} });
    const ownDiff = await waitFor(() => one.messages().find((m) => m.event === 'presence_diff'));
    expect(ownDiff.payload).toEqual({ joins: { ada: { metas: [{ phx_ref: expect.any(String), user: { name: 'Ada' } }] } }, leaves: {} });

    const join2 = two.push('realtime:room', 'phx_join', { config: { ...config, presence: { key: 'bob', enabled: true } }, access_token: bob.token });
    await two.reply(join2);
    const state2 = await waitFor(() => two.messages().find((m) => m.event === 'presence_state'));
    expect(state2.payload).toEqual({ ada: { metas: [{ phx_ref: expect.any(String), user: { name: 'Ada' } }] } });

    const send = one.push('realtime:room', 'broadcast', { type: 'broadcast', event: 'hello', payload: { n: 1 } }, join1);
    expect((await one.reply(send)).payload).toEqual({ status: 'ok', response: {} });
    const got = await waitFor(() => two.messages().find((m) => m.event === 'broadcast'));
    expect(got).toEqual({
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'hello', payload: { n: 1 } },
      ref: null,
      join_ref: null,
    });
    await sleep(100);
    expect(one.messages().some((m) => m.event === 'broadcast')).toBe(false);

    // Re-tracking replaces the meta: the old one leaves, the new one joins.
    const oldRef = (ownDiff.payload.joins as Record<string, { metas: Array<{ phx_ref: string }> }>).ada!.metas[0]!.phx_ref;
    one.push('realtime:room', 'presence', { type: 'presence', event: 'track', payload: { user: { name: 'Ada L' } } }, join1);
    const retrack = await waitFor(() => two.messages().find((m) => m.event === 'presence_diff' && Object.keys(m.payload.leaves as object).length > 0));
    expect(retrack.payload).toEqual({
      joins: { ada: { metas: [{ phx_ref: expect.any(String), phx_ref_prev: oldRef, user: { name: 'Ada L' } }] } },
      leaves: { ada: { metas: [{ phx_ref: oldRef, user: { name: 'Ada' } }] } },
    });

    // A dropped socket's presence leaves.
    const before = two.messages().length;
    one.close();
    const leave = await waitFor(() =>
      two
        .messages()
        .slice(before)
        .find((m) => m.event === 'presence_diff'),
    );
    expect(Object.keys(leave.payload.leaves as object)).toEqual(['ada']);
  });

  it('reads binary kind 3 broadcasts on vsn 2.0.0 and answers acks', async () => {
    const sender = await open('2.0.0');
    const receiver = await open('2.0.0');
    const config = { broadcast: { self: true, ack: true }, presence: { key: '', enabled: false } };
    const j1 = sender.push('realtime:bin', 'phx_join', { config, access_token: ada.token });
    const j2 = receiver.push('realtime:bin', 'phx_join', { config, access_token: site.anonKey });
    await sender.reply(j1);
    await receiver.reply(j2);
    sender.ws.send(userBroadcastPush(j1, '9', 'realtime:bin', 'wave', { hi: 'é' }));
    expect((await sender.reply('9')).payload).toEqual({ status: 'ok', response: {} });
    const expected = [null, null, 'realtime:bin', 'broadcast', { type: 'broadcast', event: 'wave', payload: { hi: 'é' } }];
    await waitFor(() => receiver.frames.find((f) => Array.isArray(f) && f[3] === 'broadcast'));
    expect(receiver.frames.find((f) => Array.isArray(f) && f[3] === 'broadcast')).toEqual(expected);
    // self: true sends it back to the sender too.
    await waitFor(() => sender.frames.find((f) => Array.isArray(f) && f[3] === 'broadcast'));
    // presence disabled: no presence_state.
    expect(receiver.frames.some((f) => Array.isArray(f) && f[3] === 'presence_state')).toBe(false);
  });

  it('refuses joins with bad tokens, tokens of another site and ended sessions', async () => {
    const socket = await open('2.0.0');
    const bad = socket.push('realtime:x', 'phx_join', { config: {}, access_token: 'not-a-jwt' });
    expect((await socket.reply(bad)).payload).toMatchObject({ status: 'error', response: { reason: expect.any(String) } });
    const foreign = await s.t.createMember(other.account);
    const wrong = socket.push('realtime:y', 'phx_join', { config: {}, access_token: foreign.token });
    expect((await socket.reply(wrong)).payload).toEqual({ status: 'error', response: { reason: 'The access token belongs to another site' } });
    const ended = await s.t.kernel.tokens.sign({
      sub: ada.userId,
      role: 'authenticated',
      account_id: site.account.id,
      session_id: '00000000-0000-4000-8000-000000000000',
    });
    const gone = socket.push('realtime:z', 'phx_join', { config: {}, access_token: ended });
    expect((await socket.reply(gone)).payload).toEqual({ status: 'error', response: { reason: 'Session ended' } });
    // Without access_token the socket's apikey is used; another site's anon key is refused.
    const viaKey = await open('2.0.0', site.account.host, other.anonKey);
    const keyJoin = viaKey.push('realtime:k', 'phx_join', { config: {} });
    expect((await viaKey.reply(keyJoin)).payload).toMatchObject({ status: 'error' });
    // Pushes to a channel that was never joined.
    const stray = socket.push('realtime:x', 'broadcast', { type: 'broadcast', event: 'e', payload: {} });
    expect((await socket.reply(stray)).payload).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
  });

  it('refuses the handshake only for an unknown host or serializer', async () => {
    await expect(open('2.0.0', 'nowhere.localhost')).rejects.toThrow('HTTP 404');
    await expect(RawSocket.open(`ws://127.0.0.1:${s.port}/realtime/v1/websocket?vsn=9.9.9`, '2.0.0', `${site.account.host}:${s.port}`)).rejects.toThrow(
      'HTTP 400',
    );
    await expect(RawSocket.open(`ws://127.0.0.1:${s.port}/elsewhere`, '2.0.0', `${site.account.host}:${s.port}`)).rejects.toThrow('HTTP 404');
    // A bad apikey still connects; the join says what is wrong.
    const socket = await open('2.0.0', site.account.host, 'garbage');
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });

  it('closes sockets that stop sending heartbeats, and their presences leave', async () => {
    const realtime = s.t.kernel.realtime;
    const watcher = await open('2.0.0');
    const idle = await open('2.0.0');
    const config = { presence: { key: 'idle', enabled: true } };
    const jw = watcher.push('realtime:idle', 'phx_join', { config: { presence: { key: 'watcher' } }, access_token: bob.token });
    const ji = idle.push('realtime:idle', 'phx_join', { config, access_token: ada.token });
    await watcher.reply(jw);
    await idle.reply(ji);
    idle.push('realtime:idle', 'presence', { type: 'presence', event: 'track', payload: { online_at: 1 } }, ji);
    await waitFor(() => watcher.messages().find((m) => m.event === 'presence_diff' && 'idle' in (m.payload.joins as object)));
    const previous = realtime.idleTimeoutMs;
    realtime.idleTimeoutMs = 1_500;
    try {
      const beat = setInterval(() => watcher.push('phoenix', 'heartbeat', {}), 300);
      const code = await idle.closed();
      clearInterval(beat);
      expect(code).not.toBe(-1);
      await waitFor(() => watcher.messages().find((m) => m.event === 'presence_diff' && 'idle' in (m.payload.leaves as object)));
      expect(watcher.ws.readyState).toBe(watcher.ws.OPEN);
    } finally {
      realtime.idleTimeoutMs = previous;
    }
  });

  it('refuses pushes beyond 100 a second from one socket', async () => {
    const socket = await open('2.0.0');
    const join = socket.push('realtime:flood', 'phx_join', { config: { broadcast: { ack: true } }, access_token: ada.token });
    await socket.reply(join);
    const refs = Array.from({ length: 120 }, (_, i) => socket.push('realtime:flood', 'broadcast', { type: 'broadcast', event: 'e', payload: { i } }, join));
    await socket.reply(refs[119]!);
    const replies = socket.messages().filter((m) => m.event === 'phx_reply' && refs.includes(m.ref!));
    expect(replies.filter((m) => m.payload.status === 'ok').length).toBeLessThanOrEqual(100);
    expect(replies.some((m) => (m.payload.response as { reason?: string }).reason === 'Too many messages')).toBe(true);
  });

  it('closes a channel when its access token is refreshed with an invalid one', async () => {
    const socket = await open('2.0.0');
    const join = socket.push('realtime:tok', 'phx_join', { config: {}, access_token: ada.token });
    await socket.reply(join);
    socket.push('realtime:tok', 'access_token', { access_token: bob.token }, join);
    await sleep(50);
    expect(socket.messages().some((m) => m.event === 'phx_close')).toBe(false);
    socket.push('realtime:tok', 'access_token', { access_token: 'broken' }, join);
    const system = await waitFor(() => socket.messages().find((m) => m.event === 'system'));
    expect(system.payload).toMatchObject({ extension: 'system', status: 'error', channel: 'tok' });
    await waitFor(() => socket.messages().find((m) => m.event === 'phx_close'));
  });
});
