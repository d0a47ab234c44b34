import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The production Content-Security-Policy (perf-reliability.md B.2.1), injected only into the
 * built page: the dev server needs inline scripts for React Fast Refresh and HMR.
 * - worker-src 'self': the simulation is a separate module worker file (never ?worker&inline, which needs blob:).
 * - img-src data: for inline SVG/data images (mermaid may use them); the favicon is a file.
 * - style-src 'unsafe-inline': mermaid's rendered SVG carries a <style> block and style
 *   attributes. Scripts stay 'self'-only, and mermaid runs with securityLevel 'strict'.
 * - frame-ancestors is not allowed in a meta policy (browsers ignore it and log an error), so it
 *   belongs in the hosting server's headers.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'reconcile-csp',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' }],
    },
  };
}

export default defineConfig({
  plugins: [react(), contentSecurityPolicy()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // Inlined assets would become data: URLs that the CSP's script/style rules reject.
    assetsInlineLimit: 0,
    sourcemap: true,
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
