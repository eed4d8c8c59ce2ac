import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const tool = path.join(__dirname, '../build-tools/precompress.mjs');

/** Runs the build's compression step on a folder as the build does (plain Node, outside Jest's module system). */
function precompress(dir: string): Array<{ file: string; bytes: number; of: number }> {
  const script = `import(${JSON.stringify(tool)}).then((m) => process.stdout.write(JSON.stringify(m.precompress(${JSON.stringify(dir)}))))`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

/** The built app gets brotli and gzip copies at build time, for the gateway to send. */
describe('the build-time compression of the web app', () => {
  let dir: string;
  const script = `export const copy = ${JSON.stringify('Write LinkedIn posts worth reading. '.repeat(200))};`;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-dist-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
    fs.writeFileSync(path.join(dir, 'assets', 'tiny-def456.css'), 'a{color:red}');
    fs.writeFileSync(path.join(dir, 'assets', 'photo.png'), Buffer.alloc(4096, 7));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('when a text file is worth compressing, then a brotli and a gzip copy of it are written beside it', () => {
    const written = precompress(dir);

    expect(written.map((w) => w.file).sort()).toEqual(['assets/index-abc123.js.br', 'assets/index-abc123.js.gz']);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets', 'index-abc123.js.br'))).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'))).toString()).toBe(script);
    expect(written.every((w) => w.bytes < w.of / 10)).toBe(true);
  });

  test('when a file is under 1 KB or not text, then it is left alone', () => {
    precompress(dir);

    expect(fs.readdirSync(path.join(dir, 'assets')).sort()).toEqual(['index-abc123.js', 'index-abc123.js.br', 'index-abc123.js.gz', 'photo.png', 'tiny-def456.css']);
  });
});
