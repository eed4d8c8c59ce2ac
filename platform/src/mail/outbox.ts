import { createHash } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import type { Email } from './render';

interface OutboxDocument extends Email {
  // text, html and headers are dropped once sent (they may hold a live link)
  /** what this email is about (one per key: an event's email is stored once however often the event comes) */
  key: string;
  status: 'pending' | 'sent' | 'dead';
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

const outboxSchema = new Schema<OutboxDocument>(
  {
    key: { type: String, required: true },
    to: { type: String, required: true },
    subject: { type: String, required: true },
    text: { type: String, required: true },
    html: { type: String, required: true },
    headers: { type: Schema.Types.Mixed, default: undefined },
    status: { type: String, enum: ['pending', 'sent', 'dead'], default: 'pending' },
    attempts: { type: Number, default: 0 },
    nextAttemptAt: { type: Date, default: null },
    lastError: { type: String, default: null },
    sentAt: { type: Date, default: null },
  },
  { collection: 'mail_outbox', timestamps: { createdAt: true, updatedAt: false }, versionKey: false, minimize: false },
);
outboxSchema.index({ key: 1 }, { unique: true });
outboxSchema.index({ status: 1, nextAttemptAt: 1 });

function outboxModel(conn: Connection): Model<OutboxDocument> {
  return (conn.models.MailOutbox as Model<OutboxDocument>) ?? conn.model<OutboxDocument>('MailOutbox', outboxSchema);
}

/** Hands a message to an SMTP server; rejects when the server refuses it or cannot be reached. */
export interface MailTransport {
  send(message: Email & { from: string; messageId: string }): Promise<void>;
  close(): void;
}

/**
 * nodemailer over SMTP_URL: a few pooled connections (a burst of signups is not one connection and
 * handshake per email), with timeouts so a server that hangs fails the attempt instead of holding it.
 */
export function smtpTransport(smtpUrl: string, connections = SEND_CONCURRENCY): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: connections,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send({ from, to, subject, text, html, headers, messageId }) {
      await transporter.sendMail({ from, to, subject, text, html, headers: headers ?? undefined, messageId });
    },
    close: () => transporter.close(),
  };
}

export interface MailOutbox {
  /** Builds the outbox's indexes (its one-per-key rule among them): await it before the first enqueue. */
  init(): Promise<void>;
  /**
   * Stores the email to be sent, once per key; resolves once it is stored (never waits for the
   * SMTP server). `queued: false` when an email with this key was stored before.
   */
  enqueue(key: string, email: Email): Promise<{ queued: boolean }>;
  /** Sends what is due now; answers how many were sent. */
  sendDue(limit?: number): Promise<number>;
  /** Sends what is due every `pollMs` and right after each enqueue; the returned function stops and lets a pass finish. */
  start(pollMs?: number): () => Promise<void>;
}

/** An attempt may take this long before another sender (a replica) may take the email over. */
const LEASE_MS = 60_000;
/** emails one sender hands to the SMTP server at once */
const SEND_CONCURRENCY = 4;
const MAX_BACKOFF_MS = 3_600_000;

/**
 * Email that never blocks a request and is never lost: a request stores the email in its
 * service's own database (the outbox) and goes on; a sender takes due emails one at a time (a
 * lease, so replicas never send one twice at once), hands each to the SMTP server, and on failure
 * tries again with backoff; after its last attempt an email is dead-lettered (kept, status `dead`,
 * logged as an error for an operator).
 */
export function createMailOutbox(deps: {
  conn: Connection;
  transport: MailTransport;
  from: string;
  logger: Logger;
  retryBaseMs: number;
  maxAttempts: number;
  now?: () => Date;
  /** where the emails waiting to be sent are reported (postwright_outbox_depth{outbox="mail"}), while started */
  metrics?: Metrics;
}): MailOutbox {
  const Outbox = outboxModel(deps.conn);
  const now = deps.now ?? (() => new Date());
  const domain = /@([^>\s]+)>?$/.exec(deps.from)?.[1] ?? 'postwright.localhost';
  let passing: Promise<number> | null = null;
  let again = false;

  async function attempt(doc: OutboxDocument & { _id: unknown }): Promise<boolean> {
    try {
      // one Message-ID per email, whatever the attempt: a receiver that got it before sees the same message
      const messageId = `<${createHash('sha256').update(doc.key).digest('hex').slice(0, 32)}@${domain}>`;
      await deps.transport.send({ from: deps.from, to: doc.to, subject: doc.subject, text: doc.text, html: doc.html, headers: (doc.headers as Record<string, string> | null) ?? undefined, messageId });
      // the body may hold a live link (a password reset): once it is sent only what it was stays
      await Outbox.updateOne(
        { _id: doc._id },
        { $set: { status: 'sent', sentAt: now(), nextAttemptAt: null, lastError: null }, $unset: { text: 1, html: 1, headers: 1 }, $inc: { attempts: 1 } },
      );
      return true;
    } catch (err) {
      const attempts = doc.attempts + 1;
      const dead = attempts >= deps.maxAttempts;
      const next = dead ? null : new Date(now().getTime() + Math.min(MAX_BACKOFF_MS, deps.retryBaseMs * 2 ** (attempts - 1)));
      await Outbox.updateOne(
        { _id: doc._id },
        { $set: { attempts, nextAttemptAt: next, lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500), ...(dead ? { status: 'dead' } : {}) } },
      );
      if (dead) deps.logger.error({ err, key: doc.key, attempts }, 'email dead-lettered after its last attempt');
      else deps.logger.warn({ err, key: doc.key, attempts, retryAt: next }, 'email could not be sent yet');
      return false;
    }
  }

  async function pass(limit: number): Promise<number> {
    let sent = 0;
    const due = await Outbox.find({ status: 'pending', nextAttemptAt: { $lte: now() } }, { _id: 1 }).sort({ nextAttemptAt: 1 }).limit(limit).lean();
    let next = 0;
    // a few at once, in the order they fell due
    const worker = async () => {
      while (next < due.length) {
        const { _id } = due[next++];
        const at = now();
        const claimed = await Outbox.findOneAndUpdate(
          { _id, status: 'pending', nextAttemptAt: { $lte: at } },
          { $set: { nextAttemptAt: new Date(at.getTime() + LEASE_MS) } },
          { returnDocument: 'after' },
        ).lean();
        if (claimed && (await attempt(claimed as OutboxDocument & { _id: unknown }))) sent += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, due.length) }, worker));
    return sent;
  }

  /** One pass at a time; an enqueue during a pass asks for another right after it. */
  function sendDue(limit = 50): Promise<number> {
    if (passing) {
      again = true;
      return passing;
    }
    passing = pass(limit).finally(() => {
      passing = null;
      if (again) {
        again = false;
        void sendDue(limit).catch((err) => deps.logger.warn({ err }, 'email pass failed; the next one tries again'));
      }
    });
    return passing;
  }

  return {
    async init() {
      await Outbox.init();
    },

    async enqueue(key, email) {
      try {
        await Outbox.create({ key, ...email, status: 'pending', attempts: 0, nextAttemptAt: now() });
      } catch (error) {
        if ((error as { code?: number }).code === 11000) return { queued: false };
        throw error;
      }
      void sendDue().catch((err) => deps.logger.warn({ err }, 'email pass failed; the next one tries again'));
      return { queued: true };
    },

    sendDue,

    start(pollMs = 5_000) {
      const timer = setInterval(() => void sendDue().catch((err) => deps.logger.warn({ err }, 'email pass failed; the next one tries again')), pollMs);
      timer.unref();
      const stopReading = deps.metrics?.gaugeAtScrape(OUTBOX_DEPTH, OUTBOX_DEPTH_HELP, ['outbox'], async () => [
        { labels: { outbox: 'mail' }, value: await Outbox.countDocuments({ status: 'pending' }) },
      ]);
      return async () => {
        stopReading?.();
        clearInterval(timer);
        await passing?.catch(() => undefined);
        deps.transport.close();
      };
    },
  };
}

/** The gauge every outbox reports its waiting rows in, by outbox; read when scraped. */
export const OUTBOX_DEPTH = 'postwright_outbox_depth';
export const OUTBOX_DEPTH_HELP = 'Rows an outbox (or inbox) still has to send or handle (emails, events), by outbox; read when scraped';

/** A service's outbox from its mail settings (mailConfigShape): its own database, SMTP_URL, MAIL_FROM. */
export function serviceMailOutbox(service: {
  mongo: Connection;
  logger: Logger;
  config: { SMTP_URL: string; MAIL_FROM: string; MAIL_RETRY_BASE_MS: number; MAIL_MAX_ATTEMPTS: number };
  metrics?: Metrics;
}): MailOutbox {
  const { config } = service;
  return createMailOutbox({
    conn: service.mongo,
    transport: smtpTransport(config.SMTP_URL),
    from: config.MAIL_FROM,
    logger: service.logger,
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    metrics: service.metrics,
  });
}
