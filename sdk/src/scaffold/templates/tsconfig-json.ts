import type { TemplateContext } from './context.js';

export function tsconfigJson(ctx: TemplateContext): string {
  const config = {
    extends: ctx.tsconfigBase,
    compilerOptions: { rootDir: 'src', outDir: 'dist', tsBuildInfoFile: 'dist/.tsbuildinfo' },
    include: ['src'],
    exclude: ['src/**/*.test.ts'],
    references: [{ path: ctx.sdkProject }],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
