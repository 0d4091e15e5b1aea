import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The browser half of the theme: the kernel serves dist/client under /_theme/provider/ and the
// server reads .vite/manifest.json to link the entry's script and styles.
export default defineConfig(({ command, mode }) => {
  // Vite and the React plugin take NODE_ENV from the environment when it is set, and the test run
  // sets it to 'test', which would ship React's development build and JSX; a build is production.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    base: '/_theme/provider/',
    plugins: [react()],
    // Workspace packages resolve to their TypeScript sources, as in the tests and `npm run dev`.
    resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      manifest: true,
      rollupOptions: {
        input: 'src/client.tsx',
        // The pages import the default theme's kit from its package index, which also re-exports
        // its server half (document writer, manifest reader, every language's text). Its modules
        // do nothing on import but define things, so whatever this bundle does not use is dropped.
        treeshake: { moduleSideEffects: (id: string) => !/[\\/]themes[\\/]default[\\/]src[\\/].*\.tsx?$/.test(id) },
      },
    },
  };
});
