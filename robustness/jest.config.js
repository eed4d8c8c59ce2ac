// Robustness suites over the whole stack through the real gateway: bad input, cross-user isolation and faults.
// The load suite is not among them: it runs alone (`npm run test:robustness`, jest.load.config.js).
module.exports = require('../jest.preset.js')(__dirname, { testPathIgnorePatterns: ['/node_modules/', '/test/load\\.response\\.test\\.ts$'] });
