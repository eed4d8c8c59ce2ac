// jsdom plus the Fetch API classes react-router's data router needs (Request, Response, ...),
// taken from Node. AbortController comes along so Request accepts its signals.
const { TestEnvironment } = require('jest-environment-jsdom');

const fromNode = ['Request', 'Response', 'Headers', 'FormData', 'AbortController', 'AbortSignal', 'ReadableStream', 'TextEncoder', 'TextDecoder', 'structuredClone'];

class JsdomWithFetchClasses extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of fromNode) {
      if (name === 'FormData' && this.global.FormData) continue;
      if (globalThis[name]) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchClasses;
