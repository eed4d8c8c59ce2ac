/**
 * What the services sent, read back from Mailpit's API (the SMTP server of the tests: see
 * global-setup.ts). Every test file shares one inbox (MAILPIT_URL), so a test finds its emails by
 * recipient: each test signs up with addresses of its own. Nothing here sleeps for a fixed time;
 * waitForMessage polls until the email is there.
 *
 * A test that takes the SMTP server away (to see a send fail and be retried) starts a Mailpit of
 * its own with startMailpit(), gives its smtpUrl to the service, and stops and starts it again.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnMailpit } from '../stack/infra';
import { freePort } from '../stack/launch';

export interface MailAddress {
  Name: string;
  Address: string;
}

/** What Mailpit gives of a message in its list and in full alike. */
interface MailEnvelope {
  ID: string;
  MessageID: string;
  From: MailAddress;
  To: MailAddress[] | null;
  Cc: MailAddress[] | null;
  Bcc: MailAddress[] | null;
  Subject: string;
}

/** One message as Mailpit lists it (GET /api/v1/search). */
export interface MailSummary extends MailEnvelope {
  /** when Mailpit received it (RFC 3339) */
  Created: string;
  Snippet: string;
}

/** One message in full (GET /api/v1/message/{ID}), with its headers. */
export interface MailMessage extends MailEnvelope {
  ReplyTo: MailAddress[] | null;
  Date: string;
  /** the text/plain part, decoded */
  Text: string;
  /** the text/html part, decoded */
  HTML: string;
  /** Mailpit's reading of the List-Unsubscribe headers: the header itself, List-Unsubscribe-Post, the links it found, and what it found wrong */
  ListUnsubscribe: { Header: string; HeaderPost: string; Links: string[] | null; Errors: string };
  /** every header, by lower-case name (list-unsubscribe, message-id, ...), each with all its values */
  headers: Record<string, string[]>;
}

export interface WaitOptions {
  /** only messages with this subject (equal, or matching) count */
  subject?: string | RegExp;
  /** wait until at least this many such messages arrived (default 1) */
  count?: number;
  /** default 10 s */
  timeoutMs?: number;
}

export interface MailpitClient {
  /** the Mailpit API: http://host:port */
  url: string;
  /** the messages sent to `address` (To or Cc, case aside), oldest first */
  messagesTo(address: string): Promise<MailSummary[]>;
  /** once `count` messages to `address` (with that subject) have arrived: the newest of them, in full */
  waitForMessage(address: string, options?: WaitOptions): Promise<MailMessage>;
  message(id: string): Promise<MailMessage>;
}

const POLL_MS = 100;

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  const text = await res.text();
  if (!res.ok) throw new Error(`Mailpit answered ${res.status} to GET ${url}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const subjectMatches = (subject: string, wanted: WaitOptions['subject']) =>
  wanted === undefined || (typeof wanted === 'string' ? subject === wanted : wanted.test(subject));

/** A client of the Mailpit API at `url`. */
export function mailpitClient(url: string): MailpitClient {
  const base = url.replace(/\/$/, '');

  const messagesTo = async (address: string): Promise<MailSummary[]> => {
    const wanted = address.toLowerCase();
    // Mailpit's to: matches any recipient containing the term; only the exact address counts here
    const query = encodeURIComponent(`to:"${address}"`);
    const found = await getJson<{ messages: MailSummary[] }>(`${base}/api/v1/search?query=${query}&limit=500`);
    return found.messages
      .filter((m) => [...(m.To ?? []), ...(m.Cc ?? [])].some((a) => a.Address.toLowerCase() === wanted))
      .sort((a, b) => Date.parse(a.Created) - Date.parse(b.Created));
  };

  const message = async (id: string): Promise<MailMessage> => {
    const [full, headers] = await Promise.all([
      getJson<Omit<MailMessage, 'headers'>>(`${base}/api/v1/message/${encodeURIComponent(id)}`),
      getJson<Record<string, string[]>>(`${base}/api/v1/message/${encodeURIComponent(id)}/headers`),
    ]);
    return { ...full, headers: Object.fromEntries(Object.entries(headers).map(([name, values]) => [name.toLowerCase(), values])) };
  };

  const waitForMessage = async (address: string, options: WaitOptions = {}): Promise<MailMessage> => {
    const count = options.count ?? 1;
    const timeoutMs = options.timeoutMs ?? 10_000;
    const deadline = Date.now() + timeoutMs;
    let arrived: MailSummary[] = [];
    for (;;) {
      arrived = await messagesTo(address);
      const matching = arrived.filter((m) => subjectMatches(m.Subject, options.subject));
      if (matching.length >= count) return message(matching[matching.length - 1].ID);
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const wanted = `${count} message${count === 1 ? '' : 's'}${options.subject === undefined ? '' : ` with subject ${String(options.subject)}`}`;
    const got = arrived.length ? arrived.map((m) => JSON.stringify(m.Subject)).join(', ') : 'none';
    throw new Error(`waited ${timeoutMs} ms for ${wanted} to ${address} at ${base}; arrived: ${got}`);
  };

  return { url: base, messagesTo, waitForMessage, message };
}

/** The shared test Mailpit (MAILPIT_URL, set by the global setup). */
function shared(): MailpitClient {
  const url = process.env.MAILPIT_URL;
  if (!url) throw new Error('MAILPIT_URL is not set: the Jest global setup (platform/src/testing/global-setup.ts) provides it');
  return mailpitClient(url);
}

/** The messages sent to `address` in the shared test Mailpit, oldest first. */
export const messagesTo = (address: string): Promise<MailSummary[]> => shared().messagesTo(address);
/** Once `count` messages to `address` (with that subject) have reached the shared test Mailpit: the newest of them, in full. */
export const waitForMessage = (address: string, options?: WaitOptions): Promise<MailMessage> => shared().waitForMessage(address, options);
/** One message of the shared test Mailpit, in full. */
export const message = (id: string): Promise<MailMessage> => shared().message(id);

/**
 * The first link in the message's text part whose path starts with `pathPrefix` (say
 * `/auth/verify-email`), whatever its origin; throws when there is none, quoting the text.
 */
export function linkIn(mail: Pick<MailMessage, 'Text'>, pathPrefix: string): URL {
  for (const [candidate] of mail.Text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) {
    // a link that ends a sentence does not take its full stop along
    const link = new URL(candidate.replace(/[.,;:!?]+$/, ''));
    if (link.pathname.startsWith(pathPrefix)) return link;
  }
  throw new Error(`no link to ${pathPrefix} in the text part:\n${mail.Text}`);
}

export interface OwnMailpit extends MailpitClient {
  /** smtp://127.0.0.1:<port>: give it to the service as SMTP_URL */
  smtpUrl: string;
  /** stops it: its SMTP port then refuses connections (the messages are kept for start()) */
  stop(): Promise<void>;
  /** starts it again on the same ports, with the messages it had */
  start(): Promise<void>;
  /** stops it for good and removes its messages: in afterAll */
  close(): Promise<void>;
}

/**
 * A Mailpit for one test file, on free ports; close() it in afterAll. Its messages outlive a
 * stop() (an email sent before the outage is still there after it), in a temporary folder.
 */
export async function startMailpit(): Promise<OwnMailpit> {
  const smtpPort = await freePort();
  const httpPort = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postwright-mailpit-'));
  const logFile = path.join(dir, 'mailpit.log');
  let proc: ChildProcess | undefined;
  const running = () => proc !== undefined && proc.exitCode === null && proc.signalCode === null;

  const start = async () => {
    if (running()) return;
    const log = fs.openSync(logFile, 'a');
    try {
      proc = await spawnMailpit({ smtpPort, httpPort, database: path.join(dir, 'mailpit.db'), stdio: log, logFile });
    } finally {
      fs.closeSync(log);
    }
  };
  const stop = async () => {
    const child = proc;
    if (!child || !running()) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  };

  const close = async () => {
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await start();
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { ...mailpitClient(`http://127.0.0.1:${httpPort}`), smtpUrl: `smtp://127.0.0.1:${smtpPort}`, start, stop, close };
}
