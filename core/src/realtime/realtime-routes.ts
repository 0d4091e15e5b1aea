import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { isServerOnlyEvent, topicOf } from './realtime-connection.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import { Type } from '@sinclair/typebox';
import { AppError, Errors } from '../errors/errors.js';
import type { AccountDirectory } from '../tenancy/account-directory.js';
import { checkChannelToken, type ChannelClaims } from './channel-auth.js';
import { installJsonBodyParser } from '../http/json-body.js';
import { typed } from '../http/typed-app.js';
import { JsonObject } from '../schema/kit.js';
import { checkPayloadBounds, payloadOutOfBounds, PAYLOAD_LIMITS } from './payload-bounds.js';
import type { RealtimeService } from './realtime-service.js';
import { SUPPORTED_VSN, type Vsn } from './serializer.js';
import type { SessionService } from '../auth/session-service.js';
import type { TokenService } from '../auth/tokens.js';

export const WEBSOCKET_PATH = '/realtime/v1/websocket';
const BEARER = /^Bearer\s+(\S+)$/i;

export interface RealtimeRouteOptions {
  realtime: RealtimeService;
  accounts: AccountDirectory;
  tokens: TokenService;
  sessions: SessionService;
}

/** The host name without its port (also for [ipv6]:port). */
function hostnameOf(host: string | undefined): string {
  const value = (host ?? '').trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.split(':')[0] ?? '';
}

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The websocket endpoint and the HTTP broadcast fallback. Upgrades are taken from the Node server
 * directly (Fastify's router never sees them): the host must name a site, but credentials are
 * checked at channel join, because a refused handshake makes realtime-js reconnect forever.
 */
export async function realtimeRoutes(app: FastifyInstance, opts: RealtimeRouteOptions): Promise<void> {
  const { realtime, accounts } = opts;

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // Node leaves an upgraded socket's errors to us: without a listener a reset peer would crash
    // the process. Added before anything can write to it.
    if (socket.listenerCount('error') === 0) socket.on('error', () => socket.destroy());
    const url = new URL(request.url ?? '/', 'http://upgrade.invalid');
    if (url.pathname !== WEBSOCKET_PATH && url.pathname !== `${WEBSOCKET_PATH}/`) {
      // Another upgrade handler may own this path; with none, nobody would ever answer.
      if (app.server.listenerCount('upgrade') === 1) refuse(socket, '404 Not Found');
      return;
    }
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    if (!SUPPORTED_VSN.includes(vsn as Vsn)) return refuse(socket, '400 Bad Request');
    accounts.resolveHost(hostnameOf(request.headers.host)).then(
      (account) => {
        if (account === null) return refuse(socket, '404 Not Found');
        realtime.accept(request, socket, head, { accountId: account.id, apikey: url.searchParams.get('apikey') ?? undefined, vsn: vsn as Vsn });
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'realtime: resolving the host of an upgrade failed');
        refuse(socket, '500 Internal Server Error');
      },
    );
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    // Open websockets would keep the HTTP server from closing.
    await realtime.close();
  });

  await app.register(
    async (scope) => {
      await scope.register(cors, {
        origin: true,
        allowedHeaders: ['apikey', 'authorization', 'content-type', 'x-client-info'],
        methods: ['POST'],
      });
      boundedBodyParsers(scope);
      registerBroadcastRoutes(scope, opts);
    },
    { prefix: '/realtime/v1' },
  );
}

/**
 * Bodies of the broadcast endpoints. Like the kernel's JSON parser, the text is scanned for its
 * nesting before it is parsed (parsing a deeply nested text stalls the event loop; re-encoding it
 * overflows the stack), but with the realtime payload bound and its own code; a NUL in a
 * broadcast is harmless (nothing is stored). httpSend's binary payloads
 * (application/octet-stream) arrive as bytes. Both stay within the kernel's body limit.
 */
function boundedBodyParsers(scope: FastifyInstance): void {
  // The messages envelope adds three levels above a payload ({messages: [{payload}]}).
  installJsonBodyParser(scope, { maxDepth: PAYLOAD_LIMITS.maxDepth + 3, tooDeep: () => new AppError(payloadOutOfBounds), refuseNul: false });
  scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}

/** A 400 when a payload is too large or too deep to broadcast. */
function assertPayloadInBounds(payload: unknown): void {
  const reason = checkPayloadBounds(payload);
  if (reason !== null) throw new AppError(payloadOutOfBounds, reason);
}

interface Caller {
  accountId: string;
  claims: ChannelClaims;
}

/** Private channels take broadcasts from the site's members only, as they admit only them. */
async function assertPrivateAccess(caller: Caller, opts: RealtimeRouteOptions): Promise<void> {
  const refused = await opts.realtime.privateAccess(caller.claims, caller.accountId);
  if (refused === null) return;
  throw new AppError(caller.claims.role === 'authenticated' ? Errors.forbidden : Errors.notAuthenticated, refused);
}

/** Resolves the site and checks the caller's credentials: bearer token, else the apikey. */
async function siteOf(request: FastifyRequest, opts: RealtimeRouteOptions): Promise<Caller> {
  const account = await opts.accounts.resolveHost(request.hostname);
  if (account === null) throw new AppError(Errors.accountNotFound);
  const header = request.headers.authorization;
  const bearer = header === undefined ? undefined : BEARER.exec(header)?.[1];
  if (header !== undefined && bearer === undefined) throw new AppError(Errors.invalidToken);
  const query = request.query as { apikey?: string };
  const apikeyHeader = request.headers.apikey;
  const token = bearer ?? query.apikey ?? (typeof apikeyHeader === 'string' ? apikeyHeader : undefined);
  if (token === undefined) throw new AppError(Errors.notAuthenticated);
  const check = await checkChannelToken(token, account.id, opts.tokens, opts.sessions);
  if (!check.ok) throw new AppError(Errors.invalidToken, check.reason);
  return { accountId: account.id, claims: check.claims };
}

const accepted = { 202: Type.Object({}, { additionalProperties: false }) };
const ApiKeyQuery = Type.Object({ apikey: Type.Optional(Type.String()) });

const BroadcastMessage = Type.Object({
  topic: Type.String({ minLength: 1, maxLength: 255 }),
  event: Type.String({ minLength: 1, maxLength: 255 }),
  payload: Type.Optional(JsonObject),
  private: Type.Optional(Type.Boolean()),
});

function registerBroadcastRoutes(server: FastifyInstance, opts: RealtimeRouteOptions): void {
  const scope = typed(server);
  scope.post(
    '/api/broadcast',
    {
      config: { public: true, tenancy: false },
      schema: {
        tags: ['realtime'],
        summary: 'Broadcast messages to channels of this site (supabase-js send() before joining)',
        querystring: ApiKeyQuery,
        body: Type.Object({ messages: Type.Array(BroadcastMessage, { maxItems: 100 }) }),
        response: accepted,
      },
    },
    async (request, reply) => {
      const site = await siteOf(request, opts);
      if (request.body.messages.some((m) => m.private === true)) await assertPrivateAccess(site, opts);
      if (request.body.messages.some((m) => isServerOnlyEvent(topicOf(m.topic), m.event)))
        throw new AppError(Errors.forbidden, 'This event is sent by the server only');
      for (const message of request.body.messages) assertPayloadInBounds(message.payload ?? {});
      for (const message of request.body.messages) {
        await opts.realtime.broadcast(site.accountId, message.topic, message.event, message.payload ?? {}, { private: message.private === true });
      }
      reply.code(202);
      return {};
    },
  );

  // realtime-js httpSend(): one event, the body is its payload (JSON, or bytes as application/octet-stream).
  scope.post(
    '/api/broadcast/:topic/events/:event',
    {
      config: { public: true, tenancy: false },
      schema: {
        tags: ['realtime'],
        summary: 'Broadcast one event to a channel of this site (supabase-js httpSend())',
        params: Type.Object({ topic: Type.String({ maxLength: 255 }), event: Type.String({ maxLength: 255 }) }),
        querystring: Type.Object({ apikey: Type.Optional(Type.String()), private: Type.Optional(Type.String()) }),
        consumes: ['application/json', 'application/octet-stream'],
        // Not validated: JSON is checked below, bytes pass through (the content type parsers bound both).
        body: Type.Unsafe<Record<string, unknown> | Buffer>({ description: 'The payload: a JSON object, or raw bytes as application/octet-stream' }),
        response: accepted,
      },
    },
    async (request, reply) => {
      const site = await siteOf(request, opts);
      if (request.query.private === 'true') await assertPrivateAccess(site, opts);
      if (isServerOnlyEvent(topicOf(request.params.topic), request.params.event)) throw new AppError(Errors.forbidden, 'This event is sent by the server only');
      const payload = request.body;
      if (!Buffer.isBuffer(payload) && (payload === null || typeof payload !== 'object' || Array.isArray(payload))) {
        throw new AppError(Errors.validation, 'The payload must be a JSON object or bytes sent as application/octet-stream');
      }
      assertPayloadInBounds(payload);
      await opts.realtime.broadcast(site.accountId, request.params.topic, request.params.event, payload, { private: request.query.private === 'true' });
      reply.code(202);
      return {};
    },
  );
}
