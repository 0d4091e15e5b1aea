import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A child process with the safety net: it throws outside any handler, rejects unawaited, then serves. */
const CHILD = `
import http from 'node:http';
import { installSafetyNet } from ${JSON.stringify(path.join(here, 'safety-net.ts'))};
const line = (level) => (object, message) => process.stdout.write(JSON.stringify({ level, message, err: String(object.err) }) + '\\n');
installSafetyNet({ error: line('error'), fatal: line('fatal') });
const server = http.createServer((request, response) => response.end('still here'));
server.listen(0, '127.0.0.1', () => {
  setTimeout(() => { throw new Error('thrown from a timer'); });
  Promise.reject(new Error('rejected and never awaited'));
  setTimeout(() => process.stdout.write(JSON.stringify({ port: server.address().port }) + '\\n'), 50);
});
`;

describe('the process safety net', () => {
  it('logs an uncaught exception and an unhandled rejection and keeps serving', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const lines: Array<Record<string, unknown>> = [];
      const port = await new Promise<number>((resolve, reject) => {
        let buffer = '';
        child.stdout.on('data', (chunk: Buffer) => {
          buffer += chunk.toString();
          for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
            const entry = JSON.parse(buffer.slice(0, end)) as Record<string, unknown>;
            buffer = buffer.slice(end + 1);
            if (typeof entry.port === 'number') resolve(entry.port);
            else lines.push(entry);
          }
        });
        child.once('exit', (code) => reject(new Error(`the child exited with ${code}`)));
      });
      const answer = await fetch(`http://127.0.0.1:${port}/`);
      expect(await answer.text()).toBe('still here');
      expect(lines).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ level: 'fatal', err: 'Error: thrown from a timer' }),
          expect.objectContaining({ level: 'error', err: 'Error: rejected and never awaited' }),
        ]),
      );
    } finally {
      child.kill();
    }
  });
});
