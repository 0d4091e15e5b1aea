import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isChildMessage, type ChildMessage, type ParentMessage, type Scenario, type ServerInfo } from './messages.js';

const CHILD_FILE = fileURLToPath(new URL('./child.ts', import.meta.url));
const OUTPUT_LINES_KEPT = 60;

/** Every server process not yet exited, booting ones included, so the runner can stop them all. */
const running = new Set<() => Promise<void>>();
let closing = false;

/**
 * Stops every server process (booting or serving) and refuses to start new ones: the run is
 * ending (Ctrl-C included), and nothing it started may outlive it.
 */
export async function stopAllServers(): Promise<void> {
  closing = true;
  await Promise.allSettled([...running].map((stop) => stop()));
}

export interface ServerProcess {
  readonly info: ServerInfo;
  /** The child's resident set size now and at its peak, in bytes. */
  memory(): Promise<{ rss: number; maxRss: number }>;
  /** Asks the child to close; kills it if it does not exit in time. Safe to call twice. */
  stop(): Promise<void>;
  /** The child's recent output, for error messages. */
  output(): string;
}

/**
 * Runs one scenario's server in its own Node process, started like the runner itself (TypeScript
 * sources through the `source` condition), so its memory is its own and it does not share the
 * load generator's event loop. Its output is kept quiet and shown only when something fails.
 */
export async function startServerProcess(scenario: Scenario, env: Record<string, string>, bootTimeoutMs: number): Promise<ServerProcess> {
  if (closing) throw new Error(`${scenario} not started: the bench is stopping`);
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', CHILD_FILE], {
    env: { ...process.env, NODE_ENV: 'production', BENCH_SCENARIO: scenario, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((l) => l !== ''),
    );
    if (lines.length > OUTPUT_LINES_KEPT) lines.splice(0, lines.length - OUTPUT_LINES_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => lines.join('\n');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.send({ type: 'stop' } satisfies ParentMessage);
    else child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  running.add(stop);
  void exited.then(() => running.delete(stop));

  let info: ServerInfo;
  try {
    info = await waitForReady(child, scenario, bootTimeoutMs, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    info,
    memory: () => askMemory(child, scenario),
    stop,
    output,
  };
}

function nextMessage<T extends ChildMessage['type']>(
  child: ChildProcess,
  scenario: Scenario,
  wanted: T,
  timeoutMs: number,
  output: () => string,
): Promise<Extract<ChildMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const finish = (error: Error | null, message?: Extract<ChildMessage, { type: T }>) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error !== null) reject(error);
      else if (message !== undefined) resolve(message);
    };
    const onMessage = (message: unknown) => {
      if (!isChildMessage(message)) return;
      if (message.type === 'failed') finish(new Error(`${scenario} server failed to start:\n${message.message}`));
      else if (message.type === wanted) finish(null, message as Extract<ChildMessage, { type: T }>);
    };
    const onExit = (code: number | null, signal: string | null) =>
      finish(new Error(`${scenario} server exited (code ${code}, signal ${signal}) before answering "${wanted}". Its output:\n${output()}`));
    const timer = setTimeout(
      () => finish(new Error(`${scenario} server did not answer "${wanted}" within ${timeoutMs} ms. Its output:\n${output()}`)),
      timeoutMs,
    );
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function waitForReady(child: ChildProcess, scenario: Scenario, timeoutMs: number, output: () => string): Promise<ServerInfo> {
  const ready = await nextMessage(child, scenario, 'ready', timeoutMs, output);
  return ready.info;
}

async function askMemory(child: ChildProcess, scenario: Scenario): Promise<{ rss: number; maxRss: number }> {
  const reply = nextMessage(child, scenario, 'memory', 10_000, () => '');
  child.send({ type: 'memory' } satisfies ParentMessage);
  const { rss, maxRss } = await reply;
  return { rss, maxRss };
}
