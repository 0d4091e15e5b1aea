import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { isServerOnlyEvent, topicOf } from './realtime-connection.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import { AppError, Errors } from '../errors/errors.js';
import type { AccountDirectory } from '../tenancy/account-directory.js';
import { checkChannelToken } from './channel-auth.js';
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
    const url = new URL(request.url ?? '/', 'http://upgrade.invalid');
    if (url.pathname !== WEBSOCKET_PATH && url.pathname !== `${WEBSOCKET_PATH}/`) {
      // Another upgrade handler may own this path; with none, nobody would ever answer.
      if (app.server.listenerCount('upgrade') === 1) refuse(socket, '404 Not Found');
      return;
    }
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    if (!SUPPORTED_VSN.includes(vsn as Vsn)) return refuse(socket, '400 Bad Request');
    socket.on('error', () => socket.destroy());
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
      registerBroadcastRoutes(scope, opts);
    },
    { prefix: '/realtime/v1' },
  );
}

/** Resolves the site and checks the caller's credentials: bearer token, else the apikey. */
async function siteOf(request: FastifyRequest, opts: RealtimeRouteOptions): Promise<{ accountId: string; signedIn: boolean }> {
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
  return { accountId: account.id, signedIn: check.claims.role === 'authenticated' };
}

const accepted = { 202: { type: 'object', additionalProperties: false, properties: {} } } as const;
const query = { type: 'object', properties: { apikey: { type: 'string' } } } as const;

function registerBroadcastRoutes(scope: FastifyInstance, opts: RealtimeRouteOptions): void {
  scope.post<{ Body: { messages: Array<{ topic: string; event: string; payload?: Record<string, unknown>; private?: boolean }> } }>(
    '/api/broadcast',
    {
      config: { public: true, tenancy: false },
      schema: {
        tags: ['realtime'],
        summary: 'Broadcast messages to channels of this site (supabase-js send() before joining)',
        querystring: query,
        body: {
          type: 'object',
          required: ['messages'],
          properties: {
            messages: {
              type: 'array',
              maxItems: 100,
              items: {
                type: 'object',
                required: ['topic', 'event'],
                properties: {
                  topic: { type: 'string', minLength: 1, maxLength: 255 },
                  event: { type: 'string', minLength: 1, maxLength: 255 },
                  payload: { type: 'object', additionalProperties: true },
                  private: { type: 'boolean' },
                },
              },
            },
          },
        },
        response: accepted,
      },
    },
    async (request, reply) => {
      const site = await siteOf(request, opts);
      if (!site.signedIn && request.body.messages.some((m) => m.private === true)) throw new AppError(Errors.notAuthenticated);
      if (request.body.messages.some((m) => isServerOnlyEvent(topicOf(m.topic), m.event))) throw new AppError(Errors.forbidden, 'This event is sent by the server only');
      for (const message of request.body.messages) {
        await opts.realtime.broadcast(site.accountId, message.topic, message.event, message.payload ?? {}, { private: message.private === true });
      }
      reply.code(202);
      return {};
    },
  );

  // realtime-js httpSend(): one event, the body is its payload.
  scope.post<{ Params: { topic: string; event: string }; Body: Record<string, unknown>; Querystring: { private?: string } }>(
    '/api/broadcast/:topic/events/:event',
    {
      config: { public: true, tenancy: false },
      schema: {
        tags: ['realtime'],
        summary: 'Broadcast one event to a channel of this site (supabase-js httpSend())',
        params: { type: 'object', required: ['topic', 'event'], properties: { topic: { type: 'string', maxLength: 255 }, event: { type: 'string', maxLength: 255 } } },
        querystring: { type: 'object', properties: { apikey: { type: 'string' }, private: { type: 'string' } } },
        body: { type: 'object', additionalProperties: true },
        response: accepted,
      },
    },
    async (request, reply) => {
      const site = await siteOf(request, opts);
      if (!site.signedIn && request.query.private === 'true') throw new AppError(Errors.notAuthenticated);
      if (isServerOnlyEvent(topicOf(request.params.topic), request.params.event)) throw new AppError(Errors.forbidden, 'This event is sent by the server only');
      await opts.realtime.broadcast(site.accountId, request.params.topic, request.params.event, request.body, { private: request.query.private === 'true' });
      reply.code(202);
      return {};
    },
  );
}

