import type { PluginNames } from '../names.js';

/** What every template gets: the plugin's names plus where it sits relative to the repository. */
export interface TemplateContext extends PluginNames {
  description: string;
  /** Path from the plugin folder to the repository's tsconfig.base.json (`../../tsconfig.base.json` under plugins/). */
  tsconfigBase: string;
  /** Path from the plugin folder to the sdk project (`../../sdk` under plugins/). */
  sdkProject: string;
  /** The plugin folder relative to the repository root, with forward slashes (`plugins/<name>`). */
  repoPath: string;
}

/** A string as a single-quoted TypeScript literal. */
export function tsString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\r?\n/g, '\\n')}'`;
}
