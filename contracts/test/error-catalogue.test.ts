import fs from 'node:fs';
import path from 'node:path';
import { errorCatalogue, errorCodes, isErrorCode } from '../src/error-catalogue';

const ROOT = path.resolve(__dirname, '../..');
const NAMESPACES = ['AUTH', 'ADMIN', 'USER', 'TRIAL', 'PLAN', 'BILLING', 'QUOTA', 'CONTENT', 'GENERATION', 'SCHEDULE', 'INSIGHTS', 'LINKEDIN', 'REQUEST', 'ROUTE', 'SERVICE', 'UPSTREAM', 'DEPENDENCY', 'INTERNAL'];
const CODE_LITERAL = new RegExp(`['"\`]((?:${NAMESPACES.join('|')})\\.[A-Z_]+)['"\`]`, 'g');

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('error catalogue', () => {
  test('every code has an error status, a message and a description', () => {
    for (const code of errorCodes) {
      const entry = errorCatalogue[code];
      expect([code, entry.status >= 400 && entry.status <= 599]).toEqual([code, true]);
      expect(entry.message.trim()).not.toBe('');
      expect(entry.description.trim()).not.toBe('');
    }
  });

  test('every namespace the catalogue uses is one this test scans for', () => {
    const used = new Set(errorCodes.filter((c) => c.includes('.')).map((c) => c.split('.')[0]));
    expect([...used].filter((n) => !NAMESPACES.includes(n))).toEqual([]);
  });

  test('every code written in the server code and the web app is in the catalogue', () => {
    const dirs = ['gateway/src', 'platform/src', 'web/src', ...fs.readdirSync(path.join(ROOT, 'services')).map((s) => `services/${s}/src`)];
    const unknown: string[] = [];
    for (const file of dirs.flatMap((d) => sourceFiles(path.join(ROOT, d)))) {
      for (const [, code] of fs.readFileSync(file, 'utf8').matchAll(CODE_LITERAL)) {
        if (!isErrorCode(code)) unknown.push(`${path.relative(ROOT, file)}: ${code}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  test('the check above finds an uncatalogued code', () => {
    expect([..."throw AppError.of('CONTENT.VANISHED')".matchAll(CODE_LITERAL)].map((m) => isErrorCode(m[1]))).toEqual([false]);
  });
});
