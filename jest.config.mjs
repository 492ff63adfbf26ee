/**
 * Three suites, one runner: unit (jsdom, doubles allowed), model (machines walked by their
 * graphs, node), server (the real Fastify app on real PGlite, and on PostgreSQL when one is
 * reachable). ESM-only packages are let through the transform.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const esmOnly = ['kysely', 'content-disposition', 'cookie', 'wouter', 'regexparam', 'mitt', '@tanstack', 'rosetta', 'fetch-retry', '@noble', 'date-fns', 'typebox', 'iso-3166', 'file-type', 'strtok3', 'token-types', '@tokenizer', 'uint8array-extras', '@borewit', 'htmlparser2', 'domhandler', 'domutils', 'domelementtype', 'dom-serializer', 'entities'];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

export default {
  // Opening a fresh PGlite takes seconds, more on a loaded 2-core machine (a global option:
  // Jest ignores it inside a project).
  testTimeout: 60_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: '<rootDir>/tests/support/jsdom-env.cjs',
      testMatch: ['<rootDir>/tests/unit/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/tests/unit/support/setup.ts'],
    },
    {
      ...common,
      displayName: 'model',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/model/**/*.test.{ts,tsx}'],
      // Adds up the transitions the model tests took into coverage/transitions.json.
      globalSetup: '<rootDir>/tests/model/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/model/support/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'server',
      // Node's, plus a map in which test apps share their compiled request validators (tests/support/server-env.cjs).
      testEnvironment: '<rootDir>/tests/support/server-env.cjs',
      testMatch: ['<rootDir>/tests/server/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/server/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/server/support/global-teardown.ts',
    },
  ],
};
