// Robustness suites over the whole stack through the real gateway: bad input and cross-user isolation.
module.exports = require('../jest.preset.js')(__dirname);
