import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../admin/src/i18n/languages.js';
import { MAX_NAME_LENGTH, derivePluginNames, pluginNameProblem } from '../../sdk/src/scaffold/names.js';
import { runCli } from '../../sdk/src/scaffold/run-cli.js';
import { LOCALE_LANGUAGES } from '../../sdk/src/scaffold/templates/locales-json.js';
import { ScaffoldError, scaffoldPlugin, validatePluginName } from '../../sdk/src/scaffold/scaffold.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const bin = (...parts: string[]) => path.join(repoRoot, 'node_modules', ...parts);
const toPosix = (p: string) => p.split(path.sep).join('/');

/** The parent's environment minus vitest's own worker variables, so a child vitest starts clean. */
function childEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')));
}

function run(args: string[], options: { cwd?: string } = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, args, { cwd: options.cwd ?? repoRoot, env: childEnv(), encoding: 'utf8', timeout: 240_000 });
}

type RunResult = Pick<SpawnSyncReturns<string>, 'status' | 'stdout' | 'stderr'>;

/** Like run(), without blocking: the two type checks (the slow part) run side by side. */
function runAsync(args: string[]): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, env: childEnv(), timeout: 240_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => resolve({ status: null, stdout, stderr: `${stderr}${error.message}` }));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const explain = (result: RunResult) => `exit ${result.status}\n${result.stdout}\n${result.stderr}`;

/** A fresh folder under tests/.tmp (git-ignored, and inside the repo so @lectern/sdk resolves). */
function makeTempDir(): string {
  const dir = path.join(repoRoot, 'tests', '.tmp', `scaffold-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

describe('plugin name validation', () => {
  it.each(['ab', 'notes', 'course-notes', 'a1', 'zoom2-meetings', 'x'.repeat(MAX_NAME_LENGTH)])('accepts %s', (name) => {
    expect(pluginNameProblem(name)).toBeUndefined();
    expect(() => validatePluginName(name)).not.toThrow();
  });

  it.each([
    ['', /2–\d+ characters/],
    ['a', /2–\d+ characters/],
    ['x'.repeat(MAX_NAME_LENGTH + 1), /characters long/],
    ['x'.repeat(41), /characters long/],
    ['Notes', /kebab-case/],
    ['course_notes', /kebab-case/],
    ['1notes', /kebab-case/],
    ['-notes', /kebab-case/],
    ['notes-', /trailing or doubled hyphens/],
    ['course--notes', /trailing or doubled hyphens/],
    ['course notes', /kebab-case/],
    ['../escape', /kebab-case/],
    ['account', /reserved/],
  ])('refuses %j', (name, message) => {
    expect(pluginNameProblem(name)).toMatch(message);
    expect(() => validatePluginName(name)).toThrow(ScaffoldError);
  });

  it('derives the snake_case names used by the manifest and the database', () => {
    expect(derivePluginNames('course-notes')).toEqual({
      name: 'course-notes',
      underscored: 'course_notes',
      packageName: '@lectern/plugin-course-notes',
      feature: 'course_notes',
      capability: 'manage_course_notes',
      itemsTable: 'course_notes_items',
    });
  });
});

describe('scaffoldPlugin', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = makeTempDir();
  });
  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('refuses a bad name without creating anything', async () => {
    await expect(scaffoldPlugin({ name: 'Bad_Name', targetDir: tmp })).rejects.toThrow(/kebab-case/);
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('refuses an existing folder and leaves it alone', async () => {
    const existing = path.join(tmp, 'taken');
    fs.mkdirSync(existing);
    fs.writeFileSync(path.join(existing, 'keep.txt'), 'mine');
    await expect(scaffoldPlugin({ name: 'taken', targetDir: tmp })).rejects.toThrow(ScaffoldError);
    await expect(scaffoldPlugin({ name: 'taken', targetDir: tmp })).rejects.toThrow(/already exists/);
    expect(fs.readdirSync(existing)).toEqual(['keep.txt']);
  });

  it('points tsconfig at the repository when the plugin sits in plugins/', async () => {
    const fakeRepo = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-scaffold-'));
    try {
      fs.writeFileSync(path.join(fakeRepo, 'package.json'), JSON.stringify({ name: 'x', workspaces: ['plugins/*'] }));
      const files = await scaffoldPlugin({ name: 'course-notes', targetDir: path.join(fakeRepo, 'plugins') });
      const dir = path.join(fakeRepo, 'plugins', 'course-notes');
      const relative = files.map((f) => toPosix(path.relative(dir, f)));
      expect(relative.filter((f) => !f.startsWith('locales/')).sort()).toEqual([
        'README.md',
        'admin/ItemsScreen.tsx',
        'admin/index.tsx',
        'package.json',
        'site/blocks.tsx',
        'site/client.tsx',
        'src/course-notes.test.ts',
        'src/errors.ts',
        'src/index.ts',
        'src/manifest.ts',
        'src/migrations.ts',
        'src/routes.ts',
        'src/site-block.tsx',
        'src/tables.ts',
        'tsconfig.json',
      ]);
      // The dashboard's twenty languages, each with the screen's and the errors' catalogue.
      expect(relative.filter((f) => f.startsWith('locales/')).sort()).toEqual(
        [...LANGUAGE_CODES].sort().flatMap((language) => [`locales/${language}/admin.json`, `locales/${language}/errors.json`]),
      );
      const tsconfig = JSON.parse(fs.readFileSync(path.join(dir, 'tsconfig.json'), 'utf8'));
      expect(tsconfig).toEqual({
        extends: '../../tsconfig.base.json',
        compilerOptions: { rootDir: 'src', outDir: 'dist', tsBuildInfoFile: 'dist/.tsbuildinfo' },
        include: ['src'],
        exclude: ['src/**/*.test.ts'],
        references: [{ path: '../../sdk' }],
      });
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
      expect(pkg).toMatchObject({
        name: '@lectern/plugin-course-notes',
        private: true,
        type: 'module',
        lectern: {
          plugin: true,
          name: 'course-notes',
          admin: './admin/index.tsx',
          site: { client: './site/client.tsx', blocks: './site/blocks.tsx' },
          locales: './locales',
        },
        exports: { '.': { source: './src/index.ts', types: './dist/index.d.ts', default: './dist/index.js' } },
        dependencies: { '@lectern/sdk': '0.1.0' },
      });
      expect(fs.readFileSync(path.join(dir, 'README.md'), 'utf8')).toContain('npx vitest run plugins/course-notes');
    } finally {
      fs.rmSync(fakeRepo, { recursive: true, force: true });
    }
  });
});

describe('a scaffolded plugin', () => {
  const name = 'sample-notes';
  // Quotes, a comment terminator, a template placeholder and a backslash: the templates must escape them.
  const description = `It's a "sample" plugin */ with \${braces} and a \\ backslash`;
  let tmp: string;
  let pluginDir: string;
  let serverCheck: Promise<RunResult>;
  let browserCheck: Promise<RunResult>;

  /**
   * A tsconfig over some of the plugin's folders, on the repository's settings: the server check
   * extends the root tsconfig.json (server code sees the site kit through its built declarations, as
   * the repository's own check does), the browser check the base settings with the DOM.
   */
  function checkConfig(file: string, include: string[], compilerOptions: Record<string, unknown> = {}, extend = 'tsconfig.base.json'): string {
    const tsconfig = path.join(tmp, file);
    const noBuild = { noEmit: true, composite: false, declaration: false, declarationMap: false, incremental: false };
    const base = toPosix(path.relative(tmp, path.join(repoRoot, extend)));
    // The root's excludes (tests/.tmp among them) would leave out the plugin, which sits in a temporary folder.
    fs.writeFileSync(tsconfig, JSON.stringify({ extends: base, compilerOptions: { ...noBuild, ...compilerOptions }, include, exclude: ['**/node_modules'] }));
    return tsconfig;
  }

  beforeAll(async () => {
    tmp = makeTempDir();
    await scaffoldPlugin({ name, targetDir: tmp, description });
    pluginDir = path.join(tmp, name);
    const tsc = bin('typescript', 'bin', 'tsc');
    // Server code under the repository's settings; browser code (admin screen, block, island) as the dashboard and theme builds compile it.
    serverCheck = runAsync([tsc, '-p', checkConfig('tsconfig.check.json', [`${name}/src`], {}, 'tsconfig.json')]);
    const browser = { lib: ['ES2023', 'DOM', 'DOM.Iterable'], module: 'ESNext', moduleResolution: 'Bundler', types: ['vite/client', '@lectern/sdk/virtual'] };
    browserCheck = runAsync([tsc, '-p', checkConfig('tsconfig.browser.json', [`${name}/admin`, `${name}/site`], browser)]);
  });
  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('has a manifest the kernel accepts', async () => {
    const { default: plugin } = (await import(path.join(pluginDir, 'src', 'index.ts'))) as { default: { manifest: unknown } };
    const { validateManifest, KERNEL_VERSION } = await import('@lectern/core');
    const manifest = validateManifest(plugin.manifest, KERNEL_VERSION);
    expect(manifest).toMatchObject({
      name,
      version: '0.1.0',
      kernel: '^0.1.0',
      description,
      feature: 'sample_notes',
      plans: ['starter', 'professional', 'dedicated', 'lifetime'],
      capabilities: [{ name: 'manage_sample_notes', roles: ['owner'] }],
      tables: { sample_notes_items: 'tenant' },
      automation: { triggers: [{ key: 'sample_notes_item_added' }], actions: [{ key: 'sample_notes_tag_item' }] },
      admin: {
        menu: [{ id: name, label: 'sample-notes-admin:menu', path: '/dashboard/sample-notes', capability: 'manage_sample_notes', feature: 'sample_notes' }],
      },
    });
  });

  it('keeps its own code under 150 lines (TypeScript, without the test, locales and package files)', () => {
    const code = ['src', 'admin', 'site'].flatMap((folder) =>
      fs
        .readdirSync(path.join(pluginDir, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'))
        .map((file) => path.join(pluginDir, folder, file)),
    );
    expect(code.map((file) => toPosix(path.relative(pluginDir, file))).sort()).toEqual([
      'admin/ItemsScreen.tsx',
      'admin/index.tsx',
      'site/blocks.tsx',
      'site/client.tsx',
      'src/errors.ts',
      'src/index.ts',
      'src/manifest.ts',
      'src/migrations.ts',
      'src/routes.ts',
      'src/site-block.tsx',
      'src/tables.ts',
    ]);
    const lines = code.flatMap((file) => fs.readFileSync(file, 'utf8').split('\n')).filter((line) => line.trim() !== '');
    expect(lines.length).toBeLessThan(150);
  });

  it('declares its parts in package.json, each present, and a catalogue key for its menu label and error', async () => {
    const { findPluginPackages } = await import('@lectern/sdk/vite');
    const [found] = findPluginPackages({ root: repoRoot, extraDirs: [tmp] }).filter((pkg) => pkg.name === name);
    expect(found).toMatchObject({
      admin: path.join(pluginDir, 'admin', 'index.tsx'),
      siteClient: path.join(pluginDir, 'site', 'client.tsx'),
      siteBlocks: path.join(pluginDir, 'site', 'blocks.tsx'),
      locales: path.join(pluginDir, 'locales'),
    });
    // The scaffold's languages are the dashboard's (admin/src/i18n/catalogues.test.ts checks every plugin catalogue in each).
    expect([...LOCALE_LANGUAGES].sort()).toEqual([...LANGUAGE_CODES].sort());
    for (const language of LANGUAGE_CODES) {
      const read = (file: string) => JSON.parse(fs.readFileSync(path.join(pluginDir, 'locales', language, file), 'utf8')) as Record<string, unknown>;
      expect(Object.keys(read('admin.json')).sort()).toEqual(['empty', 'menu', 'title']);
      expect(read('errors.json')).toEqual({ sampleNotes: { titleTaken: expect.any(String) } });
    }
  });

  it('is formatted as the repository formats code', () => {
    const result = run([bin('prettier', 'bin', 'prettier.cjs'), '--check', pluginDir]);
    expect(result.status, explain(result)).toBe(0);
  });

  it('passes its own generated test', () => {
    // The root config leaves tests/.tmp out; this one reuses it with an include for the plugin only.
    const config = path.join(tmp, 'vitest.config.ts');
    const rootConfig = toPosix(path.relative(tmp, path.join(repoRoot, 'vitest.config.ts'))).replace(/\.ts$/, '.js');
    fs.writeFileSync(
      config,
      `import { defineConfig } from 'vitest/config';
import root from '${rootConfig}';

export default defineConfig({
  ...root,
  // One project of its own: the root's projects would run the whole repository's suites.
  test: { ...root.test, projects: undefined, include: ['${toPosix(path.relative(repoRoot, pluginDir))}/src/**/*.test.ts'], exclude: ['**/node_modules/**', '**/dist/**'] },
});
`,
    );
    const report = path.join(tmp, 'vitest-report.json');
    const result = run([bin('vitest', 'vitest.mjs'), 'run', '--root', repoRoot, '--config', config, '--reporter=json', `--outputFile=${report}`]);
    expect(result.status, explain(result)).toBe(0);
    const summary = JSON.parse(fs.readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; success: boolean };
    expect(summary.success).toBe(true);
    expect(summary.numFailedTests).toBe(0);
    expect(summary.numPassedTests).toBeGreaterThan(0);
    // Every test the template declares ran (none skipped or filtered away).
    const declared = fs.readFileSync(path.join(pluginDir, 'src', `${name}.test.ts`), 'utf8').match(/^\s+it\(/gm)?.length ?? 0;
    expect(summary.numPassedTests).toBe(declared);
  });

  it('type-checks under the repository settings', async () => {
    const result = await serverCheck;
    expect(result.status, explain(result)).toBe(0);
  });

  it('type-checks its browser code (admin screen, block, island) as the dashboard and theme builds see it', async () => {
    const result = await browserCheck;
    expect(result.status, explain(result)).toBe(0);
  });

  it.skipIf(!fs.existsSync(path.join(repoRoot, 'eslint.config.js')))('passes the repository lint', () => {
    // tests/.tmp is ignored by the lint config; --no-ignore lints the generated files anyway.
    const result = run([bin('eslint', 'bin', 'eslint.js'), '--no-ignore', '--max-warnings=0', pluginDir]);
    expect(result.status, explain(result)).toBe(0);
  });
});

describe('new-plugin command', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = makeTempDir();
  });
  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function cli(argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, { cwd: repoRoot, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('creates the plugin and prints the files and next steps', async () => {
    const result = await cli(['cli-notes', '--dir', tmp]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const rel = toPosix(path.relative(repoRoot, path.join(tmp, 'cli-notes')));
    expect(result.out).toContain(`${rel}/src/index.ts`);
    expect(result.out).toContain('npm install');
    expect(result.out).toContain(`npx vitest run ${rel}`);
    expect(fs.existsSync(path.join(tmp, 'cli-notes', 'src', 'cli-notes.test.ts'))).toBe(true);
  });

  it('fails with a clear message on a bad name, an existing folder or missing arguments', async () => {
    expect(await cli(['Bad_Name', '--dir', tmp])).toMatchObject({ code: 1, err: expect.stringMatching(/kebab-case/) });
    expect(await cli(['cli-notes', '--dir', tmp])).toMatchObject({ code: 1, err: expect.stringMatching(/already exists/) });
    expect(await cli([])).toMatchObject({ code: 1, err: expect.stringMatching(/Missing the plugin name/) });
    expect(await cli(['a-b', 'c-d'])).toMatchObject({ code: 1, err: expect.stringMatching(/Expected one plugin name/) });
    expect(await cli(['a-b', '--bogus'])).toMatchObject({ code: 1, err: expect.stringMatching(/Unknown option/) });
  });

  it('runs as the npm script does (tsx, source condition) and exits 1 on a bad name', () => {
    const cliPath = path.join(repoRoot, 'sdk', 'src', 'scaffold', 'cli.ts');
    const tsx = bin('tsx', 'dist', 'cli.mjs');
    const ok = run([tsx, '--conditions=source', cliPath, 'script-notes', '--dir', tmp]);
    expect(ok.status, explain(ok)).toBe(0);
    expect(ok.stdout).toContain('Next steps');
    expect(fs.existsSync(path.join(tmp, 'script-notes', 'package.json'))).toBe(true);

    const bad = run([tsx, '--conditions=source', cliPath, 'Bad_Name', '--dir', tmp]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/kebab-case/);
    const again = run([tsx, '--conditions=source', cliPath, 'script-notes', '--dir', tmp]);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
  });
});
