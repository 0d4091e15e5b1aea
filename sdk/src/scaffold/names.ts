/** Names derived from a plugin's kebab-case name, shared by the scaffolder and its templates. */
export interface PluginNames {
  /** kebab-case, e.g. `demo-notes`: folder, manifest name, URL prefix (/api/demo-notes). */
  name: string;
  /** snake_case, e.g. `demo_notes`: feature flag, capability and table prefix. */
  underscored: string;
  packageName: string;
  feature: string;
  capability: string;
  itemsTable: string;
}

export const NAME_PATTERN = /^[a-z][a-z0-9-]*$/;
export const MIN_NAME_LENGTH = 2;
/** The manifest's limit (the kernel shortens long migration-ledger names itself). */
export const MAX_NAME_LENGTH = 40;

/** Names the kernel already serves under /api/<name>; a plugin there would collide with it. */
export const RESERVED_NAMES: readonly string[] = ['account', 'docs', 'log', 'openapi'];

/** Why `name` cannot be a plugin name, or undefined when it can. */
export function pluginNameProblem(name: string): string | undefined {
  if (name.length < MIN_NAME_LENGTH || name.length > MAX_NAME_LENGTH) {
    return `Plugin name "${name}" must be ${MIN_NAME_LENGTH}–${MAX_NAME_LENGTH} characters long (it has ${name.length}).`;
  }
  if (!NAME_PATTERN.test(name)) {
    return `Plugin name "${name}" must be kebab-case: lowercase letters, digits and hyphens, starting with a letter (e.g. "course-notes").`;
  }
  if (name.endsWith('-') || name.includes('--')) {
    return `Plugin name "${name}" must be kebab-case: no trailing or doubled hyphens (e.g. "course-notes").`;
  }
  if (RESERVED_NAMES.includes(name)) {
    return `Plugin name "${name}" is reserved: the kernel already serves /api/${name}.`;
  }
  return undefined;
}

export function derivePluginNames(name: string): PluginNames {
  const underscored = name.replace(/-/g, '_');
  return {
    name,
    underscored,
    packageName: `@lectern/plugin-${name}`,
    feature: underscored,
    capability: `manage_${underscored}`,
    itemsTable: `${underscored}_items`,
  };
}
