// Test fixture for a spawned process (node --import): its clock (Date.now) starts at
// TEST_CLOCK_FROM, an ISO date, and runs on from there, so a start-up that reads the date can be
// run on a day of the test's choosing.
const from = Date.parse(process.env.TEST_CLOCK_FROM ?? '');
if (Number.isFinite(from)) {
  const realNow = Date.now;
  const offset = from - realNow();
  Date.now = () => realNow() + offset;
}
