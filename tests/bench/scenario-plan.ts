import type { LoadRequest } from './load.js';
import type { Scenario, ServerInfo } from './messages.js';
import type { Probe } from './probe.js';

/** What the server answers first (probed until it does, and once more after the load) and what the load then sends. */
export interface PlannedLoad {
  probe: Probe;
  /** Checks the probe's answer with what the server reported (its ids); the plan's check otherwise. */
  check?: (body: unknown) => boolean;
  /** Connection i sends sequences[i % length] in turn. */
  sequences: LoadRequest[][];
}

export interface ScenarioPlan {
  scenario: Scenario;
  description: string;
  env?: Record<string, string>;
  /** GET paths every connection requests in turn; the first is probed before the load. */
  paths: string[];
  /** Instead of paths: requests built from what the server reported (ids, tokens it signed). */
  load?: (info: ServerInfo) => PlannedLoad;
  /** The probed answer is the expected one, unless load() brings its own check (the load itself only checks for 2xx). */
  check: (body: unknown) => boolean;
  /** Overrides the settings' boot timeout (a boot that seeds a lot). */
  bootTimeoutMs?: number;
}
