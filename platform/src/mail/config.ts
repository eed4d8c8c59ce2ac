import { z } from 'zod';
import type { ProductionRules } from '../config';

/** The local Mailpit of `npm start` (an SMTP server with an inbox to read). */
export const DEFAULT_SMTP_URL = 'smtp://127.0.0.1:1025';

/** The settings every program that sends email reads (its config schema spreads them in). */
export const mailConfigShape = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .default(DEFAULT_SMTP_URL)
    .describe(
      "the SMTP server every email goes through: `smtp://host:port`, or a provider's `smtps://user:password@host:465`; unset, `npm start` runs Mailpit and sets it",
    ),
  MAIL_FROM: z
    .string()
    .regex(/^(.*<)?[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+>?$/, 'must be an address, or a name and an address: Postwright <no-reply@example.com>')
    .default('Postwright <no-reply@postwright.localhost>')
    .describe('the sender every email shows: an address of a domain you own, with or without a name (`Postwright <no-reply@example.com>`)'),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(5_000).describe('an email whose send failed is tried again after this, doubling each time'),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10).describe('sends tried before an email is given up (kept, logged as an error)'),
};

/** Production sends through a server the operator names, from an address they own; its password is no well-known one. */
export const mailProductionRules: ProductionRules = {
  required: ['SMTP_URL', 'MAIL_FROM'],
  connectionStrings: ['SMTP_URL'],
};
