import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server fronts the API process so the browser sees one origin, like production.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '5001'}`;

export default defineConfig({
  root: import.meta.dirname,
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod validates forms only: in its own chunk it is not pulled into the first download by the small
          // modules (messages, icons) it would otherwise share a chunk with.
          groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5000),
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
});
