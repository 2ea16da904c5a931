import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = process.env.API_ORIGIN ?? 'http://localhost:8080';
const proxied = ['/auth', '/api', '/stats', '/app-config.json', '/install'];

export default defineConfig({
  // Brotli and gzip copies beside every asset, served as they are by the server (preCompressed).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
  build: {
    outDir: 'dist',
    // Source maps stay out of production builds: they would publish the whole source. The dev server
    // still gives its own.
    sourcemap: false,
    // The login route must stay small: charts are split out by the lazy Statistics route.
    chunkSizeWarningLimit: 400,
    // Brotli at its best quality is most of the build's time by design; the timing check would warn on every build.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
});
