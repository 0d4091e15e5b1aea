import fs from 'node:fs/promises';
import path from 'node:path';
import { formatSource } from './format.js';
import { derivePluginNames, pluginNameProblem } from './names.js';
import { findRepoRoot } from './repo-root.js';
import type { TemplateContext } from './templates/context.js';
import { adminIndexTsx, itemsScreenTsx } from './templates/admin-tsx.js';
import { errorsTs } from './templates/errors-ts.js';
import { indexTs } from './templates/index-ts.js';
import { localeFiles } from './templates/locales-json.js';
import { manifestTs } from './templates/manifest-ts.js';
import { migrationsTs } from './templates/migrations-ts.js';
import { packageJson } from './templates/package-json.js';
import { readmeMd } from './templates/readme-md.js';
import { routesTs } from './templates/routes-ts.js';
import { siteBlockTsx } from './templates/site-block-tsx.js';
import { siteBlocksTsx, siteClientTsx } from './templates/site-tsx.js';
import { tablesTs } from './templates/tables-ts.js';
import { testTs } from './templates/test-ts.js';
import { tsconfigJson } from './templates/tsconfig-json.js';

export interface ScaffoldOptions {
  /** kebab-case plugin name, e.g. `course-notes`. */
  name: string;
  /** The folder the plugin folder is created in (the repository's plugins/ folder, usually). */
  targetDir: string;
  /** One line for package.json, the manifest and the README. */
  description?: string;
}

/** A request the scaffolder refuses (bad name, existing folder); the message says what to change. */
export class ScaffoldError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScaffoldError';
  }
}

/** Throws a ScaffoldError when `name` is not a usable plugin name. */
export function validatePluginName(name: string): void {
  const problem = pluginNameProblem(name);
  if (problem !== undefined) throw new ScaffoldError(problem);
}

const toPosix = (p: string) => p.split(path.sep).join('/');

function relativeTo(from: string, to: string): string {
  const rel = toPosix(path.relative(from, to));
  return rel.startsWith('.') ? rel : `./${rel}`;
}

function templateContext(name: string, pluginDir: string, description: string | undefined): TemplateContext {
  const names = derivePluginNames(name);
  // Paths are relative to the repository, so the plugin builds wherever it sits (../../ under plugins/).
  const root = findRepoRoot(path.dirname(pluginDir));
  const oneLine = (description ?? '').replace(/\s+/g, ' ').trim();
  return {
    ...names,
    description: oneLine === '' ? `The ${name} plugin for Lectern.` : oneLine,
    tsconfigBase: root === undefined ? '../../tsconfig.base.json' : relativeTo(pluginDir, path.join(root, 'tsconfig.base.json')),
    sdkProject: root === undefined ? '../../sdk' : relativeTo(pluginDir, path.join(root, 'sdk')),
    repoPath: root === undefined ? toPosix(pluginDir) : toPosix(path.relative(root, pluginDir)),
  };
}

/** The generated files, by path relative to the plugin folder. */
function renderFiles(ctx: TemplateContext): Array<[string, string]> {
  return [
    ['package.json', packageJson(ctx)],
    ['tsconfig.json', tsconfigJson(ctx)],
    ['README.md', readmeMd(ctx)],
    ['src/index.ts', indexTs(ctx)],
    ['src/manifest.ts', manifestTs(ctx)],
    ['src/migrations.ts', migrationsTs(ctx)],
    ['src/errors.ts', errorsTs(ctx)],
    ['src/tables.ts', tablesTs(ctx)],
    ['src/routes.ts', routesTs(ctx)],
    ['src/site-block.tsx', siteBlockTsx(ctx)],
    [`src/${ctx.name}.test.ts`, testTs(ctx)],
    ['admin/index.tsx', adminIndexTsx(ctx)],
    ['admin/ItemsScreen.tsx', itemsScreenTsx(ctx)],
    ...localeFiles(ctx),
    ['site/blocks.tsx', siteBlocksTsx(ctx)],
    ['site/client.tsx', siteClientTsx(ctx)],
  ];
}

/**
 * Generates a working Plugin API v1 plugin in `<targetDir>/<name>/`: package (with its `lectern`
 * parts), manifest, a tenant table and its typed tables, routes, an error catalogue, a trigger and an
 * action, an admin screen with its catalogues, an editor block, a site island and a test that boots a
 * kernel with it. Resolves to the created files'
 * absolute paths; refuses a bad name or an existing folder with a ScaffoldError.
 */
export async function scaffoldPlugin(options: ScaffoldOptions): Promise<string[]> {
  const { name } = options;
  validatePluginName(name);
  const targetDir = path.resolve(options.targetDir);
  const pluginDir = path.join(targetDir, name);
  const existing = await fs.stat(targetDir).catch(() => undefined);
  if (existing !== undefined && !existing.isDirectory()) throw new ScaffoldError(`${targetDir} exists and is not a folder.`);

  const ctx = templateContext(name, pluginDir, options.description);
  const files = renderFiles(ctx);

  await fs.mkdir(targetDir, { recursive: true });
  try {
    // Not recursive: fails when the folder exists, even if another process created it just now.
    await fs.mkdir(pluginDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new ScaffoldError(`${pluginDir} already exists; choose another name or remove that folder.`);
    }
    throw error;
  }

  const created: string[] = [];
  try {
    for (const [relative, content] of files) {
      const file = path.join(pluginDir, relative);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, await formatSource(file, content), { flag: 'wx' });
      created.push(file);
    }
  } catch (error) {
    // Leave nothing half-made behind.
    await fs.rm(pluginDir, { recursive: true, force: true });
    throw error;
  }
  return created;
}
