import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves web/dist in production (`npm start`); in development Vite proxies
// the API to the gateway so the app always talks to the same origin under /api.
export default defineConfig({
  root: __dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
});
