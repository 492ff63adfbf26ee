// jsdom has no fetch, and fetch-retry wraps fetch at import: hand the test window Node's own
// fetch family (this file runs outside the sandbox, where they exist).
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, { fetch, Request, Response, Headers, FormData, Blob, File, ReadableStream, TextEncoder, TextDecoder, structuredClone, AbortController, AbortSignal });
  }
}
module.exports = JsdomWithFetch;
