import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { legalMarkdownModule } from './build-tools/legal-markdown.mjs';
import { precompress } from './build-tools/precompress.mjs';

/**
 * `import privacy from './privacy.md'` gives the rendered legal document (title, summary and
 * sections of HTML), made here at build time; the browser gets no Markdown library.
 */
function legalMarkdown(): Plugin {
  return {
    name: 'postwright:legal-markdown',
    enforce: 'pre',
    transform(source, id) {
      const file = id.split('?')[0];
      if (!file.endsWith('.md')) return null;
      return { code: legalMarkdownModule(source, file, 'esm'), map: null, moduleType: 'js' };
    },
  };
}

/**
 * The landing page is lazy like every route, but it is also the page most visitors arrive on:
 * preload its chunks (and their CSS) from index.html so they download beside the entry instead
 * of after it. Other pages pay about 12 KB for it, only over an idle connection.
 */
function preloadLandingRoute(): Plugin {
  return {
    name: 'postwright:preload-landing-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const landing = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith('/features/landing/components/landing-page.tsx'));
        const entry = chunks.find((c) => c.isEntry);
        if (!landing || !entry) return [];
        const alreadyLoaded = new Set<string>([entry.fileName, ...entry.imports]);
        const entryCss = new Set<string>(entry.viteMetadata?.importedCss ?? []);
        const js = new Set<string>();
        const css = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || js.has(fileName)) return;
          js.add(fileName);
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
          chunk.imports.forEach(visit);
        };
        visit(landing.fileName);
        const tags: HtmlTagDescriptor[] = [];
        for (const file of js) {
          if (!alreadyLoaded.has(file)) tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' });
        }
        for (const file of css) if (!entryCss.has(file)) tags.push({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` }, injectTo: 'head' });
        return tags;
      },
    },
  };
}

/** Brotli and gzip copies of the built files, written once here instead of on every request. */
function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'postwright:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompress(outDir);
    },
  };
}

// The gateway serves web/dist in production (`npm start`); in development Vite proxies
// the API to the gateway so the app always talks to the same origin under /api.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [legalMarkdown(), react(), preloadLandingRoute(), precompressed()],
  // zod configured for the browser before any schema is built (src/lib/zod.ts)
  resolve: { alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod.ts') }] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The plan picker on the landing page and what it needs (the API client, the query cache,
        // the period picker the Insights page shares) in one chunk: split by who shares them, they
        // were several more requests on the page most visitors arrive on.
        codeSplitting: { groups: [{ name: 'landing-shared', test: /\/(lib\/use-plans|components\/site\/plan-picker|components\/ui\/segmented-control)\.tsx?$/ }] },
      },
    },
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
