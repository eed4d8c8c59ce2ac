// The web test environment in the Europe/Paris time zone, for the files that need a real zone
// with clock changes (a test file names it in its @jest-environment docblock). The zone is the
// process's own, so it is put back when the file is done.
const JsdomWithFetchClasses = require('./jsdom-env');

class JsdomInParis extends JsdomWithFetchClasses {
  constructor(config, context) {
    super(config, context);
    this.previousTimeZone = process.env.TZ;
  }

  async setup() {
    await super.setup();
    process.env.TZ = 'Europe/Paris';
  }

  async teardown() {
    if (this.previousTimeZone === undefined) delete process.env.TZ;
    else process.env.TZ = this.previousTimeZone;
    await super.teardown();
  }
}

module.exports = JsdomInParis;
