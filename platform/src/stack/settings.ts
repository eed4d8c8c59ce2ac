/**
 * What `npm start` reads besides the programs' own settings, with each one's default (or what
 * unset means) and meaning (docs/configuration.md is written from it). Plain data: the launcher
 * does not load zod.
 */
export const LAUNCHER_SETTINGS = {
  PORT: { default: 8080, description: "the gateway's port, the product's address (`npm start` gives it to the gateway)" },
  AUTH_PORT: { default: 4001, description: "the auth service's port" },
  CONTENT_PORT: { default: 4002, description: "the content service's port" },
  LINKEDIN_PORT: { default: 4003, description: "the LinkedIn service's port" },
  SCHEDULER_PORT: { default: 4004, description: "the scheduler's port" },
  BILLING_PORT: { default: 4005, description: "the billing service's port" },
  LINKEDIN_SANDBOX_PORT: { default: 8090, description: "the LinkedIn sandbox's port" },
  BILLING_SANDBOX_PORT: { default: 8091, description: "the billing sandbox's port" },
  FERRETDB_PORT: {
    default: 27027,
    description: 'port of the embedded FerretDB run when `MONGO_URL` is unset (its write serializer; FerretDB itself uses the next port)',
  },
  MAILPIT_SMTP_PORT: { default: 1025, description: 'SMTP port of the Mailpit run when `SMTP_URL` is unset' },
  MAILPIT_PORT: { default: 8025, description: "port of that Mailpit's inbox and API; compose: the loopback host port of the `sandbox` profile's Mailpit" },
  POSTWRIGHT_DATA_DIR: { default: '.data', description: "the local data folder: the embedded database's files, the secrets, the logs" },
  STARTUP_TIMEOUT_MS: { default: 90_000, description: 'how long `npm start` waits for `GET /api/health`' },
  POSTWRIGHT_TOOLS_DIR: {
    default: '.tools',
    description:
      "the folder of the tools fetched or built on first need (`platform/scripts/install-*.sh`): the embedded FerretDB and Mailpit in its `bin/`, built with Go; `npm test` reads it too, for those and the tests' stripe-mock and deploy-check (CI's Node 24 goes in its `node24/`)",
  },
  FERRETDB_DEBUG_ADDR: {
    unset: 'off',
    description:
      "an address such as `127.0.0.1:6060` where the embedded FerretDB serves its debug handler, Go's pprof included, to profile the database; it applies when FerretDB is started, not to one already running",
  },
  POSTWRIGHT_REBUILD_WEB: {
    unset: 'off',
    description: '`1` builds the web app (`web/dist`) at start even when it looks current; otherwise it is built only when missing or older than its sources',
  },
} satisfies Record<string, { default: number | string; description: string } | { unset: string; description: string }>;

/** The settings with a default value (the others, unset, are off). */
export type LauncherSetting = {
  [Name in keyof typeof LAUNCHER_SETTINGS]: (typeof LAUNCHER_SETTINGS)[Name] extends { default: unknown } ? Name : never;
}[keyof typeof LAUNCHER_SETTINGS];
