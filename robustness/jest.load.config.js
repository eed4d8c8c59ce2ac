// `npm run test:robustness`: the load suite, 100 simulated users for 60 s through the whole stack.
// It runs by itself (CI calls it after `npm test`): its latency figures only mean something when
// no other suite shares the machine, and beside another suite it pushes the embedded database so
// hard that internal calls reach their time limits.
module.exports = require('../jest.preset.js')(__dirname, {
  displayName: 'robustness (load)',
  testMatch: ['<rootDir>/test/load.response.test.ts'],
});
