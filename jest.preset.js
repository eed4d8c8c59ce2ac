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
    // ESM-only packages used from CommonJS (jwks-rsa -> jose) are compiled by SWC too
    transformIgnorePatterns: ['/node_modules/(?!(jose)/)'],
    globalSetup: path.join(__dirname, 'platform/src/testing/global-setup.ts'),
    ...overrides,
  };
};
