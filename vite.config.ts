import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_ORIGIN ?? 'http://localhost:8080';
const proxied = ['/auth', '/api', '/stats', '/app-config.json', '/install'];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // Source maps stay out of production builds: they would publish the whole source (issue 10). The dev server
    // still gives its own.
    sourcemap: false,
    // The login route must stay small: charts are split out by the lazy Statistics route.
    chunkSizeWarningLimit: 400,
  },
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
});
