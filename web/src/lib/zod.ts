/**
 * The browser's zod. Every `from 'zod'` in the web bundle, the contracts' schemas included,
 * resolves to this module (vite.config.mts), so the setting below is made before any schema is
 * built: zod would otherwise compile its object parsers with `new Function` (and probe for it
 * first), which the Content-Security-Policy (no 'unsafe-eval') reports as a violation on every
 * signed-in page. The plain parsers are fast enough for the few answers a page checks. It is not
 * set in main.tsx because zod stays out of the landing page's first load.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
