import path from 'node:path';
import { parseArgs } from 'node:util';
import { findRepoRoot } from './repo-root.js';
import { scaffoldPlugin, ScaffoldError } from './scaffold.js';

export interface CliIo {
  /** Where relative paths start and the repository root is looked for. */
  cwd: string;
  out(line: string): void;
  err(line: string): void;
}

const USAGE = `Usage: npm run new-plugin -- <name> [--dir <path>] [--description <text>]

  <name>               kebab-case plugin name, 2-40 characters (e.g. course-notes)
  --dir <path>         folder to create the plugin in (default: <repo root>/plugins)
  --description <text> one line describing the plugin`;

/** The `new-plugin` command: scaffolds a plugin and prints what to do next. Resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let values: { dir?: string; description?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        dir: { type: 'string' },
        description: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  if (values.help === true) {
    io.out(USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    io.err(`${positionals.length === 0 ? 'Missing the plugin name.' : `Expected one plugin name, got: ${positionals.join(' ')}`}\n\n${USAGE}`);
    return 1;
  }
  const name = positionals[0] as string;

  const root = findRepoRoot(io.cwd);
  let targetDir: string;
  if (values.dir !== undefined) {
    targetDir = path.resolve(io.cwd, values.dir);
  } else if (root !== undefined) {
    targetDir = path.join(root, 'plugins');
  } else {
    io.err(`No package.json with "workspaces" at or above ${io.cwd}; run this inside the repository or pass --dir.`);
    return 1;
  }

  let created: string[];
  try {
    created = await scaffoldPlugin({ name, targetDir, ...(values.description === undefined ? {} : { description: values.description }) });
  } catch (error) {
    if (error instanceof ScaffoldError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }

  const base = root ?? io.cwd;
  const pluginDir = path.join(targetDir, name);
  const show = (p: string) => {
    const rel = path.relative(base, p);
    return rel === '' || rel.startsWith('..') || path.isAbsolute(rel) ? p : rel.split(path.sep).join('/');
  };
  io.out(`Created plugin ${name} in ${show(pluginDir)}:`);
  // The catalogues (two files in each of the dashboard's twenty languages) as one line.
  const locales = created.filter((file) => file.startsWith(path.join(pluginDir, 'locales') + path.sep));
  for (const file of created.filter((f) => !locales.includes(f))) io.out(`  ${show(file)}`);
  if (locales.length > 0) io.out(`  ${show(path.join(pluginDir, 'locales'))}/<language>/*.json (${locales.length} files)`);
  io.out('');
  io.out('Next steps:');
  io.out('  npm install                 # links the new workspace package');
  io.out(`  npx vitest run ${show(pluginDir)}`);
  const inPlugins = root !== undefined && path.dirname(pluginDir) === path.join(root, 'plugins');
  if (!inPlugins) {
    io.out('  note: only plugins/<name> is a workspace that npm install links, the root vitest config');
    io.out('        runs and the kernel discovers; move the folder there when it is ready');
  }
  return 0;
}
