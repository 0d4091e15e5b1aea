import type { ServerInfo } from './messages.js';

/** A server started inside the child process, as the child's entry point drives it. */
export interface RunningServer {
  info: ServerInfo;
  close(): Promise<void>;
}
