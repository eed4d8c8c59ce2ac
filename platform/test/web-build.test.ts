import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { webBuildIsStale } from '../src/stack/launch';

/**
 * `npm start`, the e2e journeys and the benchmarks rebuild web/dist when anything it is built
 * from is newer: the app's sources, and also its static files, the build's own code and settings
 * (a change to the precompression step or vite.config.mts alone must not leave a stale build).
 */
describe('web build freshness', () => {
  let root: string;
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
  const write = (file: string, seconds: number) => {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, file);
    fs.utimesSync(full, at(seconds), at(seconds));
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-webbuild-'));
    for (const file of ['web/index.html', 'web/src/main.tsx', 'web/public/robots.txt', 'web/build-tools/precompress.mjs', 'web/vite.config.mts', 'web/package.json', 'contracts/src/index.ts']) write(file, 10);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  test('when there is no build, then it is stale; when the build is newer than every source, then it is not', () => {
    expect(webBuildIsStale(root)).toBe(true);
    write('web/dist/index.html', 20);
    expect(webBuildIsStale(root)).toBe(false);
  });

  test.each(['web/src/main.tsx', 'web/public/robots.txt', 'web/build-tools/precompress.mjs', 'web/vite.config.mts', 'web/package.json', 'web/index.html', 'contracts/src/index.ts'])(
    'when %s changed after the build, then the build is stale',
    (file) => {
      write('web/dist/index.html', 20);
      write(file, 30);
      expect(webBuildIsStale(root)).toBe(true);
    },
  );
});
