import type { TemplateContext } from './context.js';

export function packageJson(ctx: TemplateContext): string {
  const pkg = {
    name: ctx.packageName,
    version: '0.1.0',
    private: true,
    description: ctx.description,
    type: 'module',
    // What the kernel and the builds (lecternPlugins() from @lectern/sdk/vite) find the plugin's parts by.
    lectern: {
      plugin: true,
      name: ctx.name,
      admin: './admin/index.tsx',
      site: { client: './site/client.tsx', blocks: './site/blocks.tsx' },
      locales: './locales',
    },
    exports: {
      '.': {
        source: './src/index.ts',
        types: './dist/index.d.ts',
        default: './dist/index.js',
      },
    },
    dependencies: {
      '@lectern/sdk': '0.1.0',
      react: '^19.3.1',
    },
    devDependencies: {
      '@lectern/admin': '0.1.0',
      '@tanstack/react-query': '^5.108.0',
      '@types/react': '^19.3.0',
      'react-i18next': '^15.7.4',
    },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}
