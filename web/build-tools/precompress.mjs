// Build-time compression of the built web app: every text file worth it gets a
// brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside it, so the gateway sends the
// bytes a browser asks for without compressing on each request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Files below this many bytes go out as they are: a compressed copy would save less than a packet. */
export const PRECOMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes `<file>.br` and `<file>.gz` for every compressible file in `dir` of at least
 * PRECOMPRESS_MIN_BYTES, where the copy is smaller than the file. Returns what was written.
 */
export function precompress(dir) {
  const written = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const source = fs.readFileSync(file);
    if (source.length < PRECOMPRESS_MIN_BYTES) continue;
    const copies = {
      br: zlib.brotliCompressSync(source, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
      }),
      gz: zlib.gzipSync(source, { level: 9 }),
    };
    for (const [extension, bytes] of Object.entries(copies)) {
      if (bytes.length >= source.length) continue;
      fs.writeFileSync(`${file}.${extension}`, bytes);
      written.push({ file: `${path.relative(dir, file)}.${extension}`, bytes: bytes.length, of: source.length });
    }
  }
  return written;
}
