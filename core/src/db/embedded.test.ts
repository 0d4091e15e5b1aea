import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.js';

describe('embedded database over the socket', () => {
  let embedded: EmbeddedDatabase;
  beforeAll(async () => {
    embedded = await startEmbeddedDatabase(undefined);
  });
  afterAll(async () => {
    await embedded?.stop();
  });

  it('keeps concurrent connections apart: every statement runs with its own parameters', async () => {
    const clients = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async () => {
        const client = new pg.Client({ host: embedded.socketDir, port: embedded.port, user: 'postgres', database: 'postgres' });
        client.on('error', (error: Error) => failures.push(error.message));
        await client.connect();
        return client;
      }),
    );
    const failures: string[] = [];
    try {
      // Each connection sends statements with a different number of parameters, half of them
      // between transactions; if the backend mixed their protocol messages, binds would fail
      // ("bind message supplies 3 parameters…") or sums would come out wrong.
      const results = await Promise.all(
        clients.map(async (client, index) => {
          const count = index + 1;
          const placeholders = Array.from({ length: count }, (_, i) => `$${i + 1}::int`).join(' + ');
          const sums: number[] = [];
          for (let round = 0; round < 60; round++) {
            const values = Array.from({ length: count }, (_, i) => round + i);
            try {
              if (index % 2 === 0) {
                await client.query('BEGIN');
                await client.query('SELECT $1::int', [1]);
                await client.query('COMMIT');
              }
              const { rows } = await client.query<{ sum: number }>(`SELECT ${placeholders} AS sum`, values);
              sums.push(rows[0]!.sum - values.reduce((a, b) => a + b, 0));
            } catch (error) {
              failures.push((error as Error).message);
            }
          }
          return sums;
        }),
      );
      expect(failures).toEqual([]);
      for (const sums of results) expect(sums.every((d) => d === 0)).toBe(true);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });

  it('goes on serving after a statement fails', async () => {
    const client = new pg.Client({ host: embedded.socketDir, port: embedded.port, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      await expect(client.query('SELECT * FROM no_such_table WHERE id = $1', [1])).rejects.toThrow(/no_such_table/);
      const { rows } = await client.query<{ one: number }>('SELECT $1::int AS one', [1]);
      expect(rows[0]!.one).toBe(1);
    } finally {
      await client.end();
    }
  });
});
