import { lecternPlugins } from '@lectern/sdk/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The kernel serves the build under /dashboard/assets/; /login and /dashboard/* all get index.html.
export default defineConfig({
  base: '/dashboard/',
  // lecternPlugins: the installed plugin packages' admin screens, editor blocks and catalogues
  // (virtual:lectern-plugins/*), found by package wherever they are installed.
  plugins: [react(), lecternPlugins()],
  // Workspace packages (the theme's blocks for the page editor) resolve to their TypeScript source.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    // `npm run dev -w @lectern/admin` next to `npm run dev`: API calls go to the kernel.
    proxy: {
      '/api': 'http://localhost:3000',
      '/auth': 'http://localhost:3000',
      '/storage': 'http://localhost:3000',
      '/realtime': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
