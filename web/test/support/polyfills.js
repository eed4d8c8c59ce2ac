/* eslint-env browser */
// jsdom lacks a few globals that react-router uses.
const util = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = util.TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = util.TextDecoder;
// jsdom does not lay out, so scrolling is a no-op.
if (typeof globalThis.window !== 'undefined') {
  globalThis.window.scrollTo = () => {};
  globalThis.Element.prototype.scrollIntoView = function scrollIntoView() {};
}
