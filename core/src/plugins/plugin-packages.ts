import fs from 'node:fs';
import path from 'node:path';

/**
 * Finding installed plugin packages by what their package.json says, not by where they sit. The
 * kernel (to boot their servers) and the builds (to bundle their admin screens, editor blocks,
 * locales and site islands, through `@lectern/sdk/vite`) both call this, so they always agree on
 * which plugins are installed. Plain file reads only: nothing here imports plugin code, and this
 * module imports nothing of the kernel, so a Vite config can load it cheaply.
 */

/** The `lectern` field of a plugin package's package.json. */
export interface PluginPackageField {
  plugin: true;
  /** The plugin's manifest name; defaults to the package name without its scope and a `plugin-` / `lectern-plugin-` prefix. */
  name?: string;
  /** The admin module: a loader per menu entry id (`screens`) and optional top-bar widgets. */
  admin?: string;
  site?: {
    /** The site's browser module: islands and a page-wide part. */
    client?: string;
    /** Puck blocks the visual editor adds. */
    blocks?: string;
  };
  /** The admin's translation catalogues: `<folder>/<language>/<namespace>.json`. */
  locales?: string;
}

/** One installed plugin package, with its front-end parts as absolute file paths. */
export interface PluginPackage {
  /** The plugin's name (its manifest name, which the kernel checks). */
  name: string;
  /** The npm package name. */
  packageName: string;
  /** The package's folder, symlinks resolved. */
  dir: string;
  /** The parsed package.json. */
  manifest: PackageJson;
  admin?: string;
  siteClient?: string;
  siteBlocks?: string;
  /** The admin catalogues folder. */
  locales?: string;
}

export interface PackageJson {
  name?: string;
  lectern?: Partial<PluginPackageField> & { plugin?: unknown };
  exports?: unknown;
  main?: string;
}

export interface FindPluginPackagesOptions {
  /** Where to look from: its node_modules and those above it hold the installed packages (workspace packages are links there); none: only `extraDirs`. */
  root?: string;
  /** Further folders whose direct subfolders are plugin packages (`PLUGINS_DIR`). */
  extraDirs?: readonly string[];
}

export class PluginPackageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PluginPackageError';
  }
}

function readPackage(dir: string): PackageJson | undefined {
  const file = path.join(dir, 'package.json');
  if (!fs.existsSync(file)) return undefined;
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as PackageJson;
  } catch {
    return undefined; // a broken package.json elsewhere in node_modules is not a plugin's problem
  }
}

/** Folders that may be packages: `node_modules/<name>` and `node_modules/@scope/<name>` (symlinks followed). */
function packageFolders(nodeModules: string): string[] {
  if (!fs.existsSync(nodeModules)) return [];
  const folders: string[] = [];
  for (const entry of fs.readdirSync(nodeModules).sort()) {
    if (entry.startsWith('.')) continue;
    const full = path.join(nodeModules, entry);
    if (entry.startsWith('@')) {
      if (fs.statSync(full, { throwIfNoEntry: false })?.isDirectory() !== true) continue;
      for (const scoped of fs.readdirSync(full).sort()) folders.push(path.join(full, scoped));
    } else folders.push(full);
  }
  return folders;
}

function childFolders(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((entry) => path.join(dir, entry));
}

/** The plugin name a package stands for, when its package.json does not spell it out. */
export function pluginNameOf(packageName: string, declared?: string): string {
  if (declared !== undefined) return declared;
  const bare = packageName.replace(/^@[^/]+\//, '');
  return bare.replace(/^lectern-plugin-/, '').replace(/^plugin-/, '');
}

/** A declared part as an absolute path inside the package; a missing file or one outside the package is the author's mistake, said clearly. */
function part(pkg: { dir: string; packageName: string }, field: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new PluginPackageError(`Plugin package ${pkg.packageName}: "lectern.${field}" must be a path`);
  const full = path.resolve(pkg.dir, value);
  if (full !== pkg.dir && !full.startsWith(pkg.dir + path.sep))
    throw new PluginPackageError(`Plugin package ${pkg.packageName}: "lectern.${field}" points outside the package`);
  if (!fs.existsSync(full)) throw new PluginPackageError(`Plugin package ${pkg.packageName}: "lectern.${field}" names ${value}, which does not exist`);
  return full;
}

function describe(dir: string, manifest: PackageJson): PluginPackage {
  const packageName = manifest.name!;
  const field = manifest.lectern ?? {};
  if (field.name !== undefined && (typeof field.name !== 'string' || !/^[a-z][a-z0-9-]*$/.test(field.name))) {
    throw new PluginPackageError(`Plugin package ${packageName}: "lectern.name" must be a plugin name (lowercase letters, digits, dashes)`);
  }
  const site = field.site ?? {};
  const where = { dir, packageName };
  const found: PluginPackage = { name: pluginNameOf(packageName, field.name), packageName, dir, manifest };
  const admin = part(where, 'admin', field.admin);
  const siteClient = part(where, 'site.client', site.client);
  const siteBlocks = part(where, 'site.blocks', site.blocks);
  const locales = part(where, 'locales', field.locales);
  if (admin !== undefined) found.admin = admin;
  if (siteClient !== undefined) found.siteClient = siteClient;
  if (siteBlocks !== undefined) found.siteBlocks = siteBlocks;
  if (locales !== undefined) found.locales = locales;
  return found;
}

/** `<dir>/node_modules` for the folder and each folder above it, nearest first: where Node looks for a package. */
function nodeModulesChain(root: string): string[] {
  const chain: string[] = [];
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    chain.push(path.join(dir, 'node_modules'));
    if (path.dirname(dir) === dir) return chain;
  }
}

/**
 * Every installed plugin package: each package Node would find from `root` (in `<root>/node_modules`
 * or a node_modules above it, scoped ones too; npm links the workspace's own packages there) or
 * directly under an extra folder, whose package.json says `"lectern": { "plugin": true }`. As in
 * Node, a nearer node_modules shadows a farther one's package of the same plugin; two different
 * packages claiming one plugin otherwise stop discovery. A package reached twice (a link and its
 * folder) counts once. Sorted by plugin name; the kernel orders by `requires` afterwards.
 */
export function findPluginPackages({ root, extraDirs = [] }: FindPluginPackagesOptions): PluginPackage[] {
  const groups = [
    ...(root === undefined ? [] : nodeModulesChain(root).map((folder) => ({ candidates: packageFolders(folder), shadows: true }))),
    { candidates: extraDirs.flatMap(childFolders), shadows: false },
  ];
  const byDir = new Map<string, PluginPackage>();
  const byName = new Map<string, PluginPackage>();
  for (const { candidates, shadows } of groups) {
    const shadowed = shadows ? new Set(byName.keys()) : new Set<string>();
    for (const candidate of candidates) {
      const manifest = readPackage(candidate);
      if (manifest?.lectern?.plugin !== true || typeof manifest.name !== 'string') continue;
      const dir = fs.realpathSync(candidate);
      if (byDir.has(dir)) continue;
      const found = describe(dir, manifest);
      if (shadowed.has(found.name)) continue;
      const twin = byName.get(found.name);
      if (twin !== undefined) {
        throw new PluginPackageError(
          `Two installed packages are the plugin "${found.name}": ${twin.packageName} (${twin.dir}) and ${found.packageName} (${dir})`,
        );
      }
      byDir.set(dir, found);
      byName.set(found.name, found);
    }
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The file a package's main entry (`exports["."]`, or `main`) resolves to under the given
 * conditions, in the order Node applies them (the first key of a conditions object that is listed
 * wins). Enough of Node's rules for a plugin's entry: a string, a conditions object (nested), or
 * a subpath map with ".".
 */
export function packageEntry(pkg: Pick<PluginPackage, 'dir' | 'manifest' | 'packageName'>, conditions: readonly string[]): string {
  const pick = (target: unknown): string | undefined => {
    if (typeof target === 'string') return target;
    if (Array.isArray(target)) {
      for (const option of target) {
        const chosen = pick(option);
        if (chosen !== undefined) return chosen;
      }
      return undefined;
    }
    if (target === null || typeof target !== 'object') return undefined;
    for (const [key, value] of Object.entries(target)) {
      if (key === 'default' || conditions.includes(key)) {
        const chosen = pick(value);
        if (chosen !== undefined) return chosen;
      }
    }
    return undefined;
  };
  const { exports } = pkg.manifest;
  let target: string | undefined;
  if (exports !== undefined) {
    const isSubpathMap = exports !== null && typeof exports === 'object' && !Array.isArray(exports) && Object.keys(exports).some((key) => key.startsWith('.'));
    target = pick(isSubpathMap ? (exports as Record<string, unknown>)['.'] : exports);
  } else target = pkg.manifest.main ?? 'index.js';
  if (target === undefined) throw new PluginPackageError(`Plugin package ${pkg.packageName} exports no entry for the conditions ${conditions.join(', ')}`);
  return path.resolve(pkg.dir, target);
}
