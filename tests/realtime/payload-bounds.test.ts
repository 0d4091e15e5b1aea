import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMember } from '@lectern/sdk/testing';
import { startAuthSite, type AuthSite } from '../support/auth-site.js';
import { resolveLocalhostSubdomains } from '../support/localhost-dns.js';
import { RawSocket, waitFor } from './realtime-helpers.js';

/** JSON text nested `depth` levels deep ({"a":{"a":…1…}}), built without JSON.stringify (which would overflow). */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
/** A megabyte-scale array nest: the shape that stalls JSON.parse for seconds. */
const brackets = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** A kind 3 frame (realtime-js's binary broadcast push) with a raw JSON body. */
function kind3(joinRef: string, ref: string, topic: string, event: string, body: string, encoding = 1): Buffer {
  const header = Buffer.from([3, joinRef.length, ref.length, topic.length, event.length, 0, encoding]);
  return Buffer.concat([header, Buffer.from(joinRef + ref + topic + event, 'latin1'), Buffer.from(body, 'utf8')]);
}

/**
 * Broadcast and presence payloads are bounded (32 levels, 256 KB): too deep or too large is a 400
 * on the HTTP path and a phx_reply error on the socket, which stays open and keeps answering.
 */
describe('realtime payload bounds', () => {
  let s: AuthSite;
  let site: Awaited<ReturnType<AuthSite['site']>>;
  let ada: TestMember;
  const sockets: RawSocket[] = [];

  const open = async (vsn: '1.0.0' | '2.0.0' = '2.0.0') => {
    const socket = await RawSocket.open(
      `ws://127.0.0.1:${s.port}/realtime/v1/websocket?apikey=${site.anonKey}&vsn=${vsn}`,
      vsn,
      `${site.account.host}:${s.port}`,
    );
    sockets.push(socket);
    return socket;
  };
  const joined = async (socket: RawSocket, topic: string, config: Record<string, unknown> = { broadcast: { ack: true } }) => {
    const join = socket.push(topic, 'phx_join', { config, access_token: ada.token });
    expect((await socket.reply(join)).payload).toMatchObject({ status: 'ok' });
    return join;
  };
  /** The socket still answers a heartbeat. */
  const alive = async (socket: RawSocket) => {
    const beat = socket.push('phoenix', 'heartbeat', {});
    expect((await socket.reply(beat)).payload).toEqual({ status: 'ok', response: {} });
  };

  beforeAll(async () => {
    resolveLocalhostSubdomains();
    s = await startAuthSite();
    site = await s.site({ slug: 'bounds' });
    ada = await s.t.createMember(site.account, { email: 'ada@bounds.test' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await s?.close();
  });

  const broadcastUrl = () => `${site.url}/realtime/v1/api/broadcast`;
  const headers = () => ({ 'content-type': 'application/json', apikey: site.anonKey, authorization: `Bearer ${ada.token}` });

  it('answers 400 payload_out_of_bounds on the HTTP paths for deep or large payloads', async () => {
    for (const payload of [nested(40), nested(5_000), brackets(300_000)]) {
      const res = await fetch(broadcastUrl(), { method: 'POST', headers: headers(), body: `{"messages":[{"topic":"room","event":"e","payload":${payload}}]}` });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'payload_out_of_bounds', statusCode: 400 });
    }
    const large = JSON.stringify({ messages: [{ topic: 'room', event: 'e', payload: { text: 'x'.repeat(300_000) } }] });
    const big = await fetch(broadcastUrl(), { method: 'POST', headers: headers(), body: large });
    expect(big.status).toBe(400);
    expect(await big.json()).toMatchObject({ error: 'payload_out_of_bounds' });
    const httpSend = await fetch(`${broadcastUrl()}/room/events/e`, { method: 'POST', headers: headers(), body: nested(40) });
    expect(httpSend.status).toBe(400);
    expect(await httpSend.json()).toMatchObject({ error: 'payload_out_of_bounds' });
    // Within bounds it is accepted.
    const fine = await fetch(broadcastUrl(), {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ messages: [{ topic: 'room', event: 'e', payload: JSON.parse(nested(20)) }] }),
    });
    expect(fine.status).toBe(202);
  });

  it('answers a phx_reply error for a deep broadcast on the socket, which stays open and keeps delivering', async () => {
    const sender = await open();
    const receiver = await open();
    const join = await joined(sender, 'realtime:deep');
    await joined(receiver, 'realtime:deep');

    // vsn 2.0.0 text frame, nested far deeper than JSON.stringify could re-encode.
    sender.ws.send(`["${join}","50","realtime:deep","broadcast",{"type":"broadcast","event":"e","payload":${nested(20_000)}}]`);
    expect((await sender.reply('50')).payload).toEqual({ status: 'error', response: { reason: 'Payload is nested deeper than 32 levels' } });
    // The megabyte-of-brackets shape, as the binary kind 3 frame realtime-js sends.
    sender.ws.send(kind3(join, '51', 'realtime:deep', 'e', brackets(400_000)));
    expect((await sender.reply('51')).payload).toMatchObject({ status: 'error', response: { reason: expect.stringMatching(/nested deeper|larger than/) } });
    sender.ws.send(kind3(join, '52', 'realtime:deep', 'e', nested(40)));
    expect((await sender.reply('52')).payload).toEqual({ status: 'error', response: { reason: 'Payload is nested deeper than 32 levels' } });
    const large = sender.push('realtime:deep', 'broadcast', { type: 'broadcast', event: 'e', payload: { text: 'x'.repeat(300_000) } }, join);
    expect((await sender.reply(large)).payload).toEqual({ status: 'error', response: { reason: 'Payload is larger than 262144 bytes' } });
    await alive(sender);

    // Nothing of those reached the receiver; a normal broadcast still does.
    const ok = sender.push('realtime:deep', 'broadcast', { type: 'broadcast', event: 'fine', payload: { n: 1 } }, join);
    expect((await sender.reply(ok)).payload).toEqual({ status: 'ok', response: {} });
    const got = await waitFor(() => receiver.messages().filter((m) => m.event === 'broadcast'));
    expect(got.map((m) => (m.payload as { event: string }).event)).toEqual(['fine']);
  });

  it('refuses a deep presence payload and keeps the channel usable (vsn 1.0.0 too)', async () => {
    const socket = await open('1.0.0');
    const join = await joined(socket, 'realtime:presence-deep', { presence: { key: 'ada' } });
    socket.ws.send(
      `{"topic":"realtime:presence-deep","event":"presence","payload":{"type":"presence","event":"track","payload":${nested(50)}},"ref":"60","join_ref":"${join}"}`,
    );
    expect((await socket.reply('60')).payload).toEqual({ status: 'error', response: { reason: 'Payload is nested deeper than 32 levels' } });
    const track = socket.push('realtime:presence-deep', 'presence', { type: 'presence', event: 'track', payload: { online: true } }, join);
    expect((await socket.reply(track)).payload).toEqual({ status: 'ok', response: {} });
    await alive(socket);
  });

  it('relays raw binary broadcasts as kind 4 frames to vsn 2.0.0 sockets', async () => {
    const sender = await open();
    const receiver = await open();
    const join = await joined(sender, 'realtime:bytes');
    await joined(receiver, 'realtime:bytes');
    sender.ws.send(kind3(join, '70', 'realtime:bytes', 'blob', '\u0001\u0002', 0));
    expect((await sender.reply('70')).payload).toEqual({ status: 'ok', response: {} });
    const frame = await waitFor(() => receiver.binary[0]);
    // kind 4, topic length, event length, no metadata, raw encoding, topic, event, bytes.
    expect([...frame.subarray(0, 5)]).toEqual([4, 'realtime:bytes'.length, 4, 0, 0]);
    expect(frame.subarray(5).toString('latin1')).toBe('realtime:bytesblob\u0001\u0002');
  });
});
