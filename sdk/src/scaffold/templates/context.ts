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

/** `course-notes` → `CourseNotes`: the editor block's component name. */
export const pascalCase = (name: string) =>
  name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** `course-notes` → `Course notes`: the menu label (a name, the same in every language). */
export const displayName = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, ' ');

/** `course-notes` → `courseNotes`: the plugin's part of its i18n keys (dotted keys take no hyphen). */
export const camelCase = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
