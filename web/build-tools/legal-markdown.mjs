/**
 * Legal pages are Markdown files (web/src/features/legal/content/*.md) turned into HTML when the
 * app is built: the Vite plugin in vite.config.mts and the Jest transform in
 * test/support/markdown-transform.js both call this, so tests see exactly what ships.
 *
 * A file is front matter (title, summary) and sections, each opened by "## Title {#anchor}"
 * (the anchor is optional; it defaults to the title in kebab case). Only our own files go
 * through here, at build time: the HTML is trusted as the rest of the source is.
 */
import { Marked } from 'marked';

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    // header cells name their column for screen readers; other cells as marked writes them
    tablecell(token) {
      if (!token.header) return false;
      const align = token.align ? ` align="${token.align}"` : '';
      return `<th scope="col"${align}>${this.parser.parseInline(token.tokens)}</th>\n`;
    },
  },
});

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/;
const HEADING_ID = /^(.*?)\s*\{#([a-z0-9][a-z0-9-]*)\}$/;

function fail(file, message) {
  throw new Error(`${file}: ${message}`);
}

function readFrontMatter(block, file) {
  const meta = {};
  for (const line of block.split('\n')) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    if (colon < 1) fail(file, `front matter line "${line}" is not "key: value"`);
    let value = line.slice(colon + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = JSON.parse(value);
    meta[line.slice(0, colon).trim()] = value;
  }
  return meta;
}

function slug(text) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * @param {string} source the Markdown file's text
 * @param {string} [file] its path, for error messages
 * @returns {{ title: string, summary: string, sections: Array<{ id: string, title: string, html: string }> }}
 */
export function renderLegalMarkdown(source, file = 'legal document') {
  const text = source.replace(/\r\n?/g, '\n');
  const front = FRONT_MATTER.exec(text);
  if (!front) fail(file, 'front matter (--- title, summary ---) is missing');
  const meta = readFrontMatter(front[1], file);
  if (!meta.title || !meta.summary) fail(file, 'front matter needs a title and a summary');

  const [before, ...parts] = text.slice(front[0].length).split(/^## /m);
  if (before.trim()) fail(file, 'text before the first "## " section');
  const seen = new Set();
  const sections = parts.map((part) => {
    const end = part.indexOf('\n');
    const heading = (end === -1 ? part : part.slice(0, end)).trim();
    const explicit = HEADING_ID.exec(heading);
    const title = explicit ? explicit[1] : heading;
    const id = explicit ? explicit[2] : slug(title);
    if (!title || !id) fail(file, `section heading "${heading}" has no title`);
    if (seen.has(id)) fail(file, `two sections have the anchor #${id}`);
    seen.add(id);
    const html = marked.parse(end === -1 ? '' : part.slice(end + 1)).trim();
    return { id, title, html };
  });
  if (sections.length === 0) fail(file, 'no "## " sections');
  return { title: meta.title, summary: meta.summary, sections };
}

/**
 * The module a `.md` import becomes: the rendered document as its default export.
 * @param {string} source
 * @param {string} file
 * @param {'esm' | 'commonjs'} format
 */
export function legalMarkdownModule(source, file, format = 'esm') {
  const json = JSON.stringify(renderLegalMarkdown(source, file));
  return format === 'esm'
    ? `export default ${json};\n`
    : `"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\nexports.default = ${json};\n`;
}
