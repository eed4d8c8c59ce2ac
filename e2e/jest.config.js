const path = require('node:path');

module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }] },
  transformIgnorePatterns: ['/node_modules/(?!(jose)/)'],
  // one whole stack (services, sandbox, gateway, built web) for every journey of the run
  globalSetup: path.join(__dirname, 'src/global-setup.ts'),
  globalTeardown: path.join(__dirname, 'src/global-teardown.ts'),
};
