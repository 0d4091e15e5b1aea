import { KERNEL_CAPABILITIES } from '../accounts/default-roles.js';
import type { PluginManifest } from '../plugins/manifest.js';

export interface CapabilityInfo {
  name: string;
  description: string;
}

/** The capability that makes a member an owner of the account (SPEC §6 "full account management"). */
export const MANAGE_CAPABILITY = 'manage_options';

/** What a capability a role may hold looks like when no plugin declares it (yet). */
export const CAPABILITY_NAME = /^[a-z][a-z0-9_.]*$/;

/** The kernel's capabilities, then each plugin's (first declaration wins), in declaration order. */
export function listCapabilities(manifests: readonly PluginManifest[]): CapabilityInfo[] {
  const list: CapabilityInfo[] = Object.entries(KERNEL_CAPABILITIES).map(([name, description]) => ({ name, description }));
  const seen = new Set(list.map((c) => c.name));
  for (const manifest of manifests) {
    for (const capability of manifest.capabilities ?? []) {
      if (seen.has(capability.name)) continue;
      seen.add(capability.name);
      list.push({ name: capability.name, description: capability.description ?? `Granted by the ${manifest.name} plugin` });
    }
  }
  return list;
}

/**
 * The names among `caps` a role may not hold: a capability is accepted when the kernel or a plugin
 * declares it, or when it is a well-formed name (a plugin installed later may declare it).
 */
export function invalidCapabilities(caps: readonly string[], known: ReadonlySet<string>): string[] {
  return caps.filter((cap) => !known.has(cap) && !CAPABILITY_NAME.test(cap));
}
