import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The contracts are bundled from source: the browser gets the same rules and messages as the server.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@secretchatbox/contracts': fileURLToPath(new URL('../packages/contracts/src/index.ts', import.meta.url)),
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } } },
  // No modulepreload links: the prerendered page paints first, then the scripts load.
  build: { outDir: 'dist', emptyOutDir: true, modulePreload: false, manifest: true },
});
