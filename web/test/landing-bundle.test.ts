import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
}

const WEB_DIR = path.resolve(__dirname, '..');

/** The production build, as `npm run build -w web` makes it, into `outDir`; its chunks (plain Node, outside Jest's module system). */
function build(outDir: string): BuiltChunk[] {
  const script = `
    const { build } = await import('vite');
    const out = await build({ root: ${JSON.stringify(WEB_DIR)}, configFile: ${JSON.stringify(path.join(WEB_DIR, 'vite.config.mts'))}, logLevel: 'silent', build: { outDir: ${JSON.stringify(outDir)}, emptyOutDir: true } });
    const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => o.output).filter((c) => c.type === 'chunk');
    process.stdout.write(JSON.stringify(chunks.map((c) => ({ fileName: c.fileName, isEntry: c.isEntry, facadeModuleId: c.facadeModuleId, imports: c.imports, dynamicImports: c.dynamicImports, modules: Object.keys(c.modules) }))));
  `;
  const json = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: WEB_DIR, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(json) as BuiltChunk[];
}

const posix = (id: string | null) => (id ?? '').replace(/\\/g, '/');

/** The screens behind the login guard, and the auth screen: none is needed to paint /. */
const notOnLanding = ['dashboard', 'content', 'content-management', 'insights', 'profile', 'support', 'pricing', 'billing', 'linkedin-callback', 'layout', 'auth', 'settings', 'legal', 'company'];

/** The landing page downloads what it shows, not the signed-in app. */
describe('the landing page in the production build', () => {
  let outDir: string;
  let chunks: BuiltChunk[];
  let html: string;
  const byFile = () => new Map(chunks.map((c) => [c.fileName, c]));

  /** The chunks a chunk needs before it runs (its static imports, transitively). */
  function staticClosure(start: BuiltChunk): BuiltChunk[] {
    const files = byFile();
    const seen = new Map<string, BuiltChunk>();
    const visit = (chunk: BuiltChunk) => {
      if (seen.has(chunk.fileName)) return;
      seen.set(chunk.fileName, chunk);
      for (const file of chunk.imports) visit(files.get(file)!);
    };
    visit(start);
    return [...seen.values()];
  }

  const entry = () => chunks.find((c) => c.isEntry)!;
  const routeChunk = (page: string) => chunks.find((c) => posix(c.facadeModuleId).endsWith(page));
  const landingChunks = () => [...staticClosure(entry()), ...staticClosure(routeChunk('/features/landing/components/landing-page.tsx')!)];

  beforeAll(() => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-web-build-'));
    chunks = build(outDir);
    html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  }, 180_000);
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  test('when / is opened, then the code it runs holds no signed-in screen, no auth screen, no contracts and no zod', () => {
    const modules = landingChunks().flatMap((c) => c.modules.map(posix));

    expect(modules.some((m) => m.endsWith('/features/landing/components/landing-page.tsx'))).toBe(true);
    const screens = modules.filter((m) => notOnLanding.some((feature) => m.includes(`/src/features/${feature}/`)));
    expect(screens).toEqual([]);
    expect(modules.filter((m) => m.includes('/contracts/src/') || m.includes('/node_modules/zod/'))).toEqual([]);
    // the Insights page's chart library and the d3 parts under it
    expect(modules.filter((m) => /\/node_modules\/(@visx\/|d3-)/.test(m))).toEqual([]);
  });

  test('when index.html is loaded, then it fetches only the entry and the landing route before the page paints', () => {
    const fetched = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    const landing = new Set(landingChunks().map((c) => c.fileName));

    expect(fetched).toContain(entry().fileName);
    expect(fetched.filter((file) => !landing.has(file))).toEqual([]);
  });

  test.each([
    ['/features/dashboard/components/dashboard-page.tsx'],
    ['/features/content/components/content-page.tsx'],
    ['/features/content-management/components/content-management-page.tsx'],
    ['/features/insights/components/insights-page.tsx'],
    ['/features/profile/components/profile-page.tsx'],
    ['/features/support/components/support-page.tsx'],
    ['/features/layout/components/app-layout.tsx'],
    ['/features/auth/components/auth-page.tsx'],
    ['/features/pricing/components/pricing-page.tsx'],
    ['/features/billing/components/billing-success-page.tsx'],
    ['/features/auth/components/forgot-password-page.tsx'],
    ['/features/auth/components/reset-password-page.tsx'],
    ['/features/auth/components/verify-email-page.tsx'],
    ['/features/settings/components/settings-page.tsx'],
    ['/features/settings/components/unsubscribe-page.tsx'],
  ])('when %s is needed, then it comes in a chunk of its own, loaded on navigation', (page) => {
    const chunk = routeChunk(page);

    expect(chunk).toBeDefined();
    expect(entry().dynamicImports).toContain(chunk!.fileName);
    expect(landingChunks().map((c) => c.fileName)).not.toContain(chunk!.fileName);
  });
});
