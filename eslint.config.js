import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Plugin API v1 (DESIGN §2a, sdk/README.md): plugins see only the SDK and other plugins' published contracts.
const CORE_IMPORTS = {
  group: ['@lectern/core', '@lectern/core/*', '**/core/src/**', '**/core/dist/**'],
  message: "Plugins, themes and the dashboard use @lectern/sdk (or @lectern/sdk/site), never the kernel's internals.",
};
const THEME_IMPORTS = { group: ['@lectern/theme-*'], message: 'Plugin server code does not import a theme; themes show plugin UI through extension points.' };
/** Plugins' browser code draws in whatever theme the site uses: the site kit and extension points of @lectern/sdk/site. */
const BROWSER_THEME_IMPORTS = {
  group: ['@lectern/theme-*', '**/themes/*/src/**', '**/themes/*/dist/**'],
  message: "Plugins' browser code imports only @lectern/sdk/site (useSite, useSiteUi, extension points), never a theme.",
};
const PLUGIN_INTERNALS = {
  regex: '^@lectern/plugin-[^/]+(/(?!contract$).*)?$',
  message: "Another plugin is reached through its published contract only: import '@lectern/plugin-<name>/contract'.",
};
/** No reaching the kernel object: `app.kernel`, `request.server.kernel`, `PluginApp['kernel']`. */
const NO_KERNEL = [
  {
    selector: "MemberExpression[property.name='kernel']",
    message: 'The kernel is not reachable from a plugin: use the PluginContext services (ctx.jobs, ctx.pageCache, ctx.siteUrl…).',
  },
  {
    selector: "TSIndexedAccessType > TSLiteralType > Literal[value='kernel']",
    message: 'The kernel is not reachable from a plugin: use the PluginContext service types (PluginJobs…).',
  },
  {
    // The kernel registers its own services under 'kernel.*' tokens; a plugin rebuilding one would reach past its context.
    selector: "CallExpression[callee.name='createToken'] > Literal.arguments[value=/^kernel\\./]",
    message: "The kernel's service tokens are not a plugin's: use the PluginContext services (ctx.options, ctx.touchpoints…).",
  },
];
/** Types from one source: no untyped database and no double casts. */
const NO_UNTYPED_DB = [
  {
    selector: "TSTypeReference[typeName.name='Kysely'] > TSTypeParameterInstantiation > TSAnyKeyword",
    message: "No Kysely<any>: open the handle with your tables' accessor (defineTables<ItsTables>()).",
  },
  { selector: "TSTypeReference[typeName.name='AnyDb']", message: "No AnyDb: take a DbHandle at a boundary and open it with your tables' accessor." },
  {
    selector: "TSAsExpression > TSAsExpression.expression[typeAnnotation.type='TSUnknownKeyword']",
    message: 'No `as unknown as`: type the value at its source (typed tables, SDK views, contracts).',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'tests/.tmp/**', 'tests/bench/results/**', 'admin/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts', 'scripts/**', 'admin/scripts/**', 'themes/*/scripts/**', '**/cli.ts', '**/bin/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', 'no-console': 'off' },
  },
  // Plugins' server code: the SDK and other plugins' contracts only; no kernel, no untyped DB, no double casts.
  {
    files: ['plugins/*/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [CORE_IMPORTS, THEME_IMPORTS, PLUGIN_INTERNALS] }],
      'no-restricted-syntax': ['error', ...NO_KERNEL, ...NO_UNTYPED_DB],
    },
  },
  // A plugin's tests may inspect and arrange through the test harness's kernel (t.kernel); the other rules hold.
  {
    files: ['plugins/*/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...NO_UNTYPED_DB] },
  },
  // Plugins' browser code (site islands, admin screens): no kernel internals and no theme (DESIGN §2a: plugin browser
  // code imports only @lectern/sdk/site; themes show plugin UI through declared extension points).
  {
    files: ['plugins/*/site/**/*.{ts,tsx}', 'plugins/*/admin/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CORE_IMPORTS, BROWSER_THEME_IMPORTS, PLUGIN_INTERNALS] }] },
  },
  // Themes and the dashboard: the SDK, never the kernel's internals.
  {
    files: ['themes/*/src/**/*.{ts,tsx}', 'admin/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CORE_IMPORTS] }] },
  },
);
