import semver from 'semver';

export class PluginOrderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PluginOrderError';
  }
}

interface Orderable {
  manifest: { name: string; version: string; requires?: Record<string, string>; after?: string[] };
}

/**
 * Orders plugins so each comes after everything it requires, and after the installed plugins it
 * names in `after` (Kahn's algorithm; ties broken by name
 * so the order never depends on discovery order). Stops with a message naming a missing or
 * mismatched dependency, a duplicate, or the plugins forming a cycle.
 */
export function orderPlugins<T extends Orderable>(plugins: readonly T[]): T[] {
  const byName = new Map<string, T>();
  for (const plugin of plugins) {
    if (byName.has(plugin.manifest.name)) throw new PluginOrderError(`Plugin "${plugin.manifest.name}" is installed twice`);
    byName.set(plugin.manifest.name, plugin);
  }
  const missing: string[] = [];
  for (const plugin of plugins) {
    for (const [dep, range] of Object.entries(plugin.manifest.requires ?? {})) {
      const found = byName.get(dep);
      if (found === undefined) missing.push(`"${plugin.manifest.name}" requires "${dep}" (${range}), which is not installed`);
      else if (!semver.satisfies(found.manifest.version, range, { includePrerelease: true })) {
        missing.push(`"${plugin.manifest.name}" requires "${dep}" ${range}, but ${found.manifest.version} is installed`);
      }
    }
  }
  if (missing.length > 0) throw new PluginOrderError(`Missing plugin dependencies:\n${missing.map((m) => `  - ${m}`).join('\n')}`);

  const remaining = new Map<string, Set<string>>();
  // `after` orders a plugin behind others only when they are installed (optional companions).
  const installedAfter = (plugin: T) => (plugin.manifest.after ?? []).filter((name) => byName.has(name) && name !== plugin.manifest.name);
  for (const plugin of plugins) remaining.set(plugin.manifest.name, new Set([...Object.keys(plugin.manifest.requires ?? {}), ...installedAfter(plugin)]));
  const ordered: T[] = [];
  while (remaining.size > 0) {
    const ready = [...remaining.entries()]
      .filter(([, deps]) => deps.size === 0)
      .map(([name]) => name)
      .sort();
    if (ready.length === 0) {
      throw new PluginOrderError(`Plugin dependency cycle: ${describeCycle(remaining)}`);
    }
    for (const name of ready) {
      remaining.delete(name);
      ordered.push(byName.get(name) as T);
      for (const deps of remaining.values()) deps.delete(name);
    }
  }
  return ordered;
}

/** Follows unmet requirements from any stuck plugin until a name repeats: that loop is the cycle. */
function describeCycle(remaining: Map<string, Set<string>>): string {
  const start = [...remaining.keys()].sort()[0] as string;
  const path: string[] = [];
  let current = start;
  while (!path.includes(current)) {
    path.push(current);
    current = [...(remaining.get(current) ?? [])].sort()[0] as string;
  }
  const loop = path.slice(path.indexOf(current));
  return [...loop, current].map((n) => `"${n}"`).join(' → ');
}
