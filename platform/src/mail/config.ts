import { z } from 'zod';
import type { ProductionRules } from '../config';

/** The local Mailpit of `npm start` (an SMTP server with an inbox to read). */
export const DEFAULT_SMTP_URL = 'smtp://127.0.0.1:1025';

/** The settings every program that sends email reads (its config schema spreads them in). */
export const mailConfigShape = {
  /** the SMTP server: smtp://host:port, or smtps://user:password@host:465 for a provider */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').default(DEFAULT_SMTP_URL),
  /** the sender every email shows, one per environment: "Postwright <no-reply@example.com>" */
  MAIL_FROM: z
    .string()
    .regex(/^(.*<)?[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+>?$/, 'must be an address, or a name and an address: Postwright <no-reply@example.com>')
    .default('Postwright <no-reply@postwright.localhost>'),
  /** a failed send is tried again after this, doubling each time, until it is dead-lettered */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(5_000),
  /** sends tried before an email is dead-lettered (kept, logged as an error) */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10),
};

/** Production sends through a server the operator names, from an address they own; its password is no well-known one. */
export const mailProductionRules: ProductionRules = {
  required: ['SMTP_URL', 'MAIL_FROM'],
  connectionStrings: ['SMTP_URL'],
};
