// Jest transform for the legal pages' Markdown: the same renderer as the Vite build
// (build-tools/legal-markdown.mjs), so a test reads the HTML that ships. The renderer is an ES
// module, loaded with require() as Node (>= 20.19, the project's engines) allows.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { legalMarkdownModule } = require('../../build-tools/legal-markdown.mjs');

const renderer = path.resolve(__dirname, '../../build-tools/legal-markdown.mjs');

module.exports = {
  process(source, filename) {
    return { code: legalMarkdownModule(source, filename, 'commonjs') };
  },
  // a change to the renderer (or marked's version) renders the files again
  getCacheKey(source, filename) {
    const marked = require('marked/package.json').version;
    return createHash('sha1').update(source).update(filename).update(fs.readFileSync(renderer)).update(marked).digest('hex');
  },
};
