/**
 * What `npm start` reads besides the programs' own settings, with each one's default and meaning
 * (docs/configuration.md is written from it). Plain data: the launcher does not load zod.
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
} satisfies Record<string, { default: number | string; description: string }>;

export type LauncherSetting = keyof typeof LAUNCHER_SETTINGS;
