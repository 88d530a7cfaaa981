import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

/**
 * The staff console (issue 25): built from admin/ into dist/admin, served by the API server at /admin
 * (server/admin-console.ts) with its own Content-Security-Policy. Nothing here is part of the storefront's
 * Taro build: the storefront's budget tests check that none of it reaches dist/h5 or dist/weapp.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: path.resolve(import.meta.dirname, '../dist/admin'),
    emptyOutDir: true,
    // a desktop console on the office network: one vendor chunk, no size warnings for react-admin and MUI
    chunkSizeWarningLimit: 4000,
    sourcemap: false,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/oidc': 'http://127.0.0.1:3000' } },
})
