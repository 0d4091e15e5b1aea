import type { TemplateContext } from './context.js';

export function packageJson(ctx: TemplateContext): string {
  const pkg = {
    name: ctx.packageName,
    version: '0.1.0',
    private: true,
    description: ctx.description,
    type: 'module',
    lectern: { plugin: true },
    exports: {
      '.': {
        source: './src/index.ts',
        types: './dist/index.d.ts',
        default: './dist/index.js',
      },
    },
    dependencies: {
      '@lectern/sdk': '0.1.0',
    },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}
