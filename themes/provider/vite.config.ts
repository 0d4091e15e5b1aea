import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Builds are always production builds, even when a test runner (NODE_ENV=test) starts them.
if (process.argv.includes('build')) process.env.NODE_ENV = 'production';

const here = path.dirname(fileURLToPath(import.meta.url));

// The browser half of the theme: the kernel serves dist/client under /_theme/provider/ and the
// server reads .vite/manifest.json to link the entry's script and styles.
export default defineConfig({
  root: here,
  base: '/_theme/provider/',
  plugins: [react()],
  // Workspace packages (@lectern/theme-default, @lectern/sdk) resolve to their TypeScript sources.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  publicDir: false,
  // React's production build also when Vite is driven through its API (no 'build' in argv).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rollupOptions: { input: { client: path.join(here, 'src', 'client.tsx') } },
  },
});
