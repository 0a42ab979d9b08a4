import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const { generate } = createRequire(import.meta.url)('../tools/plugin-registry.cjs') as { generate(root: string): string[] };

/** Regenerates web/src/plugins.generated.ts from the folders under plugins/ on every build and dev start. */
const pluginRegistry = { name: 'console-plugin-registry', buildStart: () => void generate(repoRoot) };

/**
 * The SPA is built from web/, but plugin pages (plugins/<id>/web) and contracts/ live beside it,
 * so the dev server must be allowed to serve the whole repository.
 * Everything is bundled: no CDN, no web fonts from the internet.
 */
export default defineConfig({
  root: webRoot,
  plugins: [pluginRegistry, react()],
  resolve: {
    alias: [
      { find: /^@contracts$/, replacement: `${repoRoot}contracts/src/index.ts` },
      { find: /^@contracts\/(.*)$/, replacement: `${repoRoot}contracts/src/$1` },
      { find: /^@web\/core\/(.*)$/, replacement: `${webRoot}src/core/$1` },
    ],
  },
  server: {
    fs: { allow: [repoRoot] },
    proxy: { '/api': { target: process.env.GATEWAY_URL ?? 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // ag-grid community is ~1 MB on its own; it is loaded only with the first table.
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (id.includes('node_modules/ag-grid-')) return 'vendor-ag-grid';
          // Fluent's components use its icons internally: one chunk, or the two would import each other.
          if (id.includes('node_modules/@fluentui/') || id.includes('node_modules/@griffel/')) return 'vendor-fluent';
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'vendor-react';
          return undefined;
        },
      },
    },
  },
});
