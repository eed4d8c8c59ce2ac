/**
 * `npm run start:demo`: `npm start` with what `npm run seed:demo` needs, each only where the
 * environment does not already say otherwise: the sandbox's Community Management app (the only
 * kind LinkedIn gives post analytics), the sandbox's test controls (its ageing of posts), an
 * engagement round every 10 seconds instead of 15 minutes, and room to write 120 posts a minute.
 */
const DEMO_STACK_SETTINGS = Object.freeze({
  LINKEDIN_APP: 'community',
  SANDBOX_CONTROL: 'true',
  ENGAGEMENT_POLL_INTERVAL_MS: '10000',
  GENERATION_PER_MINUTE: '120',
});

module.exports = { DEMO_STACK_SETTINGS };

if (require.main === module) {
  for (const [name, value] of Object.entries(DEMO_STACK_SETTINGS)) process.env[name] ??= value;
  process.stdout.write(
    `[postwright] demo settings: ${Object.keys(DEMO_STACK_SETTINGS)
      .map((name) => `${name}=${process.env[name]}`)
      .join(' ')}; then, in another terminal: npm run seed:demo\n`,
  );
  require('./start.js');
}
