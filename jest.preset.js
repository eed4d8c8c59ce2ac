// Shared Jest settings for every Node workspace. TypeScript is compiled by SWC
// (type checking is `npm run typecheck`); infrastructure comes from the global setup.
const path = require('node:path');

/** @param {string} dir the workspace folder */
module.exports = function nodeProject(dir, overrides = {}) {
  return {
    displayName: path.relative(__dirname, dir),
    rootDir: dir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/test/**/*.test.ts'],
    transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }] },
    globalSetup: path.join(__dirname, 'platform/src/testing/global-setup.ts'),
    ...overrides,
  };
};
