// jsdom does not lay out, so scrolling is a no-op.
if (typeof globalThis.window !== 'undefined') {
  globalThis.window.scrollTo = () => {};
  globalThis.Element.prototype.scrollIntoView = function scrollIntoView() {};
}
