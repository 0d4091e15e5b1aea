/** What the safety net writes to: the kernel's logger (pino) or anything with the same two levels. */
export interface SafetyNetLog {
  error(object: object, message: string): void;
  fatal(object: object, message: string): void;
}

/**
 * The process-level safety net of `npm start`: an error that escaped every handler is logged and
 * the server keeps serving the other tenants, where Node allows it (a rejected promise nobody
 * awaited; an exception thrown from a callback outside any request). No handler may rely on it:
 * each such log line is a bug to fix, and the route-wide security suite fails on any of them.
 */
export function installSafetyNet(log: SafetyNetLog): void {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection: logged, still serving');
  });
  process.on('uncaughtException', (error, origin) => {
    log.fatal({ err: error, origin }, 'uncaught exception: logged, still serving');
  });
}
