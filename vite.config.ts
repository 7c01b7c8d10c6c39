import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.js';
import { preloadFont } from './build/preload-font.js';

// The client lives in src/client and builds to dist/client, which the server serves. The page
// preloads the Latin part of the bundled Inter font, and the build ends by writing a brotli and a
// gzip copy beside each text file (build/precompress.ts).
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), preloadFont(/inter-latin-wght-normal\.woff2$/), precompress()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
