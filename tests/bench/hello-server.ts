import Fastify from 'fastify';
import type { RunningServer } from './running-server.js';

/** Bare Fastify, no kernel and no database: the ceiling this machine allows. */
export async function startHelloServer(port: number): Promise<RunningServer> {
  const app = Fastify({ logger: false });
  app.get('/hello', { schema: { response: { 200: { type: 'object', properties: { hello: { type: 'string' } } } } } }, async () => ({ hello: 'world' }));
  await app.listen({ port, host: '127.0.0.1' });
  return { info: { port }, close: () => app.close() };
}
