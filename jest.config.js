// `npm test` runs every workspace's suite against the real MongoDB-compatible server,
// Redis and RabbitMQ (see platform/src/testing/global-setup.ts).
module.exports = {
  projects: [
    '<rootDir>/contracts',
    '<rootDir>/platform',
    '<rootDir>/gateway',
    '<rootDir>/services/auth',
    '<rootDir>/services/billing',
    '<rootDir>/services/billing-sandbox',
    '<rootDir>/services/content',
    '<rootDir>/services/linkedin',
    '<rootDir>/services/linkedin-sandbox',
    '<rootDir>/services/scheduler',
    '<rootDir>/robustness',
    '<rootDir>/web',
    '<rootDir>/e2e',
  ],
  maxWorkers: 2,
  // hooks and tests talk to real servers shared with other suites: allow for a busy machine
  testTimeout: 30000,
};
