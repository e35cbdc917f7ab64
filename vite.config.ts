import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressedBuild } from './vite.compress.ts';
import { installableApp } from './vite.pwa.ts';

export default defineConfig({
  root: 'src/web',
  plugins: [react(), installableApp(), compressedBuild()],
  build: {
    outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 900, manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every module the entry imports statically is loaded by every route anyway: one chunk
          // (the entry) instead of a score of small ones compresses better and is one request
          // (docs/decisions/078). Lazy routes and parts keep rolldown's automatic chunks.
          groups: [{ name: 'entry', tags: ['$initial'] }],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
