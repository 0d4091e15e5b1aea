/**
 * Entry point of a server process: starts one scenario's server, tells the parent over IPC when it
 * listens, answers memory questions, and stops when asked or when the parent goes away.
 */
import { isParentMessage, isScenario, type ChildMessage, type Scenario } from './messages.js';
import type { RunningServer } from './running-server.js';

function send(message: ChildMessage): void {
  process.send?.(message);
}

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set (the bench runner sets it)`);
  return value;
}

/**
 * Each scenario's modules are imported only in its own process: the bare servers' memory must not
 * include the kernel's module graph (or PGlite's, for fastify-hello).
 */
async function start(scenario: Scenario, port: number): Promise<RunningServer> {
  const dataDir = required('BENCH_DATA_DIR');
  switch (scenario) {
    case 'fastify-hello': {
      const { startHelloServer } = await import('./hello-server.js');
      return startHelloServer(port);
    }
    case 'kernel-read': {
      const { startKernelServer } = await import('./kernel-server.js');
      return startKernelServer(port, dataDir);
    }
    case 'site-cached':
    case 'site-render': {
      const { startKernelServer } = await import('./kernel-server.js');
      // site-render turns the page cache off, so every request is a full server render.
      return startKernelServer(port, dataDir, { themes: true, pageCache: scenario === 'site-cached' });
    }
    case 'lms-complete':
    case 'lms-roster': {
      const { startKernelServer } = await import('./kernel-server.js');
      return startKernelServer(port, dataDir, { lms: true });
    }
    case 'shop-products':
    case 'shop-quote': {
      const { startKernelServer } = await import('./kernel-server.js');
      return startKernelServer(port, dataDir, { shop: true });
    }
    case 'fastify-pg': {
      const { startPgServer } = await import('./pg-server.js');
      // Read like the kernel's loadConfig does (blank means unset), without loading the kernel.
      const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
      return startPgServer(port, databaseUrl, dataDir, required('BENCH_ACCOUNT_ID'));
    }
  }
}

async function main(): Promise<void> {
  if (process.send === undefined) throw new Error('child.ts runs under the bench runner (it needs an IPC channel)');
  const scenario = process.env.BENCH_SCENARIO;
  if (!isScenario(scenario)) throw new Error(`BENCH_SCENARIO is not a known scenario (got "${scenario}")`);
  const port = Number(required('BENCH_PORT'));

  // Listening before the boot: a runner that stops (or dies) while this server still boots must
  // not leave it running behind.
  let server: RunningServer | undefined = undefined;
  let stopping = false;
  const stop = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await server?.close().catch(() => undefined);
    process.exit(code);
  };
  process.on('message', (message: unknown) => {
    if (!isParentMessage(message)) return;
    if (message.type === 'memory') {
      // resourceUsage().maxRSS is in kilobytes; report bytes like memoryUsage().
      send({ type: 'memory', rss: process.memoryUsage().rss, maxRss: process.resourceUsage().maxRSS * 1024 });
    } else {
      void stop(0);
    }
  });
  // The runner died or closed the channel: never outlive it.
  process.on('disconnect', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  if (!process.connected) return stop(0);
  server = await start(scenario, port);
  if (stopping) return;
  send({ type: 'ready', info: server.info });
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  send({ type: 'failed', message });
  process.stderr.write(`bench server failed: ${message}\n`);
  // Let the IPC message flush before exiting.
  setTimeout(() => process.exit(1), 100);
});
