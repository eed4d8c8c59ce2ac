import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePrivateDir, localSecrets } from '../src/stack/secrets';

/** The local data folder holds the embedded database's files and the stack's secrets: its owner's alone. */
describe('local data folder', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-data-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const mode = (p: string) => fs.statSync(p).mode & 0o777;

  test('when the folder is made, then only its owner can enter it', () => {
    const dir = path.join(root, '.data', 'ferretdb');
    ensurePrivateDir(dir);
    expect(mode(dir)).toBe(0o700);
  });

  test('when an older version left it world-readable, then it is closed', () => {
    const dir = path.join(root, '.data');
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    fs.writeFileSync(path.join(dir, 'secrets.json'), '{}', { mode: 0o644 });
    fs.chmodSync(path.join(dir, 'secrets.json'), 0o644);
    const secrets = localSecrets(dir, {});
    expect(secrets.INTERNAL_TOKEN.length).toBeGreaterThanOrEqual(32);
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'secrets.json'))).toBe(0o600);
  });
});
