import Fastify from 'fastify';
import { Item, ItemParams } from './item-schemas.js';
import { openRawPool } from './raw-pool.js';
import type { RunningServer } from './running-server.js';

/**
 * Bare Fastify plus a `pg` pool reading the kernel-read scenario's rows by primary key: the ceiling
 * for a database-backed route, without the kernel's hooks, transaction or RLS.
 */
export async function startPgServer(port: number, databaseUrl: string | undefined, dataDir: string, accountId: string): Promise<RunningServer> {
  const raw = await openRawPool(databaseUrl, dataDir);
  // Row-level security is forced on the table: a non-superuser owner would see no rows without
  // the account set. Setting it once per session costs nothing per request.
  raw.pool.on('connect', (client) => {
    client.query("SELECT set_config('app.account_id', $1, false)", [accountId]).catch(() => undefined);
  });
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: number } }>('/items/:id', { schema: { params: ItemParams, response: { 200: Item } } }, async (request, reply) => {
    const { rows } = await raw.pool.query<{ id: number; title: string }>('SELECT id, title FROM bench_items WHERE account_id = $1 AND id = $2', [
      accountId,
      request.params.id,
    ]);
    const row = rows[0];
    if (row === undefined) return reply.code(404).send({ error: 'not found' });
    return row;
  });
  try {
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await raw.close().catch(() => undefined);
    throw error;
  }
  return {
    info: { port, accountId, database: raw.describe, databaseKind: raw.kind },
    async close() {
      await app.close();
      await raw.close();
    },
  };
}
