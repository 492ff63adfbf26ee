// The server project's Jest environment: Node's, plus one map that outlives a test file, in which
// tests/server/support/shared-compilers.ts keeps the request validators Fastify compiled, so
// the next file's test apps reuse them instead of compiling every route's schemas again. The map
// lives in this module, which Jest loads once per worker, outside the files' sandboxes.
const { TestEnvironment } = require('jest-environment-node');

const validators = new Map();

class ServerTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__serverTestValidators = validators;
  }
}
module.exports = ServerTestEnvironment;
