import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

export type AssetManifest = Record<string, ManifestChunk>;

interface Cached {
  mtimeMs: number;
  manifest: AssetManifest | null;
  checkedAt: number;
}

const cache = new Map<string, Cached>();
/** How often a missing or changed manifest is looked for again (a rebuild while running). */
const RECHECK_MS = 2000;

/**
 * The Vite manifest of a theme's browser build, or null when there is no build (tests, a fresh
 * checkout): pages are still drawn, without scripts and styles. Read once, then re-checked
 * every couple of seconds at most.
 */
export function readAssetManifest(clientDir: string, now: number = Date.now()): AssetManifest | null {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  const hit = cache.get(file);
  if (hit !== undefined && now - hit.checkedAt < RECHECK_MS) return hit.manifest;
  let mtimeMs: number;
  try {
    mtimeMs = existsSync(file) ? statSync(file).mtimeMs : -1;
  } catch {
    mtimeMs = -1;
  }
  if (hit !== undefined && hit.mtimeMs === mtimeMs) {
    hit.checkedAt = now;
    return hit.manifest;
  }
  let manifest: AssetManifest | null = null;
  if (mtimeMs !== -1) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      manifest = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as AssetManifest) : null;
    } catch {
      manifest = null;
    }
  }
  cache.set(file, { mtimeMs, manifest, checkedAt: now });
  return manifest;
}

export interface EntryAssets {
  /** The entry's module script, or null when the entry is CSS only or missing. */
  script: string | null;
  /** Chunks the entry imports statically (modulepreload). */
  preloads: string[];
  /** Stylesheets of the entry and of everything it imports statically. */
  styles: string[];
}

/** URLs (under `base`) a page needs for one manifest entry (e.g. 'src/client.tsx'). */
export function entryAssets(manifest: AssetManifest | null, entry: string, base: string): EntryAssets {
  const result: EntryAssets = { script: null, preloads: [], styles: [] };
  const chunk = manifest?.[entry];
  if (manifest === null || chunk === undefined) return result;
  const url = (file: string) => `${base}${file}`;
  const seen = new Set<string>();
  const visit = (key: string, isRoot: boolean) => {
    if (seen.has(key)) return;
    seen.add(key);
    const item = manifest[key];
    if (item === undefined) return;
    for (const css of item.css ?? []) if (!result.styles.includes(url(css))) result.styles.push(url(css));
    if (item.file.endsWith('.css')) {
      if (!result.styles.includes(url(item.file))) result.styles.push(url(item.file));
    } else if (item.file.endsWith('.js')) {
      if (isRoot) result.script = url(item.file);
      else result.preloads.push(url(item.file));
    }
    for (const next of item.imports ?? []) visit(next, false);
  };
  visit(entry, true);
  return result;
}
