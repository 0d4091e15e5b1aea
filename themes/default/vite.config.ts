import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lecternPlugins } from '@lectern/sdk/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Builds are always production builds, even when a test runner (NODE_ENV=test) starts them.
if (process.argv.includes('build')) process.env.NODE_ENV = 'production';

const here = path.dirname(fileURLToPath(import.meta.url));
const fontEntries = path.join(here, 'src', 'fonts', 'entries');

/** One CSS entry per font family (src/fonts/entries/*.css), so a page loads only its site's font. */
function fontInputs(): Record<string, string> {
  if (!existsSync(fontEntries)) return {};
  return Object.fromEntries(
    readdirSync(fontEntries)
      .filter((file) => file.endsWith('.css'))
      .map((file) => [`font-${path.basename(file, '.css')}`, path.join(fontEntries, file)]),
  );
}

// The kernel serves dist/client under /_theme/default/ (immutable, with .gz/.br beside each file)
// and the server links assets through .vite/manifest.json.
export default defineConfig({
  root: here,
  base: '/_theme/default/',
  // lecternPlugins: the installed plugin packages' site browser modules (virtual:lectern-plugins/site-client),
  // found by package wherever they are installed.
  plugins: [react(), lecternPlugins()],
  // Workspace packages (@lectern/sdk) resolve to their TypeScript sources, like in tests. Plugins'
  // browser modules (their package.json's `lectern.site.client`) share the theme's one React:
  // islands mounted with a second copy would break hooks.
  resolve: { conditions: ['source', ...defaultClientConditions], dedupe: ['react', 'react-dom'] },
  publicDir: false,
  // React's production build also when Vite is driven through its API (no 'build' in argv): the
  // development build is twice the size and several times slower.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rollupOptions: {
      input: { client: path.join(here, 'src', 'client.tsx'), ...fontInputs() },
    },
  },
});
