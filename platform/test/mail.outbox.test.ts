import type { Connection } from 'mongoose';
import { connectMongo, createLogger, createMailOutbox, renderEmail, smtpTransport, type MailOutbox } from '../src';
import { cleanupNamespace, eventually, randomId, testNamespace } from '../src/testing';
import { startMailpit, type OwnMailpit } from '../src/testing/mailpit';

/**
 * The outbox: a request stores the email and goes on; the sender hands it to the SMTP server,
 * tries again while the server is away, and after its last attempt dead-letters it. Real SMTP
 * (a Mailpit of this file's own, stopped and started) and the real MongoDB-compatible store.
 */
describe('mail outbox', () => {
  const ns = testNamespace();
  let conn: Connection;
  let mailpit: OwnMailpit;
  let outbox: MailOutbox;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    conn = await connectMongo(process.env.MONGO_URL!, `${ns}mailtest`);
    mailpit = await startMailpit();
    outbox = createMailOutbox({ conn, transport: smtpTransport(mailpit.smtpUrl), from: 'Postwright <no-reply@postwright.test>', logger: createLogger('mail', 'silent'), retryBaseMs: 100, maxAttempts: 30 });
    stop = outbox.start(100);
  });
  afterAll(async () => {
    await stop?.();
    await mailpit?.close();
    await conn?.close();
    await cleanupNamespace(ns, ['mailtest', 'mailtest_dead']);
  });

  const email = (to: string, subject = 'Hello') => renderEmail(to, subject, { greeting: 'Hi Ada,', paragraphs: ['One line.'], action: { label: 'Open', url: 'http://localhost:8080/x' } });
  const stored = (key: string) => conn.collection('mail_outbox').findOne({ key });

  test('when an email is stored, then it reaches the SMTP server once with its text and HTML parts, and storing it again under its key changes nothing', async () => {
    const to = `ada-${randomId()}@example.com`;
    expect(await outbox.enqueue('k1', email(to))).toEqual({ queued: true });
    expect(await outbox.enqueue('k1', email(to, 'Another'))).toEqual({ queued: false });
    const mail = await mailpit.waitForMessage(to, { subject: 'Hello' });
    expect(mail.Text).toContain('Open: http://localhost:8080/x');
    expect(mail.HTML).toContain('href="http://localhost:8080/x"');
    expect(mail.From.Address).toBe('no-reply@postwright.test');
    await eventually(() => stored('k1'), (d) => d?.status === 'sent');
    expect(await mailpit.messagesTo(to)).toHaveLength(1);
  });

  test('when the SMTP server is down, then storing still answers at once, the sends are tried again, and once it is back each email arrives exactly once', async () => {
    await mailpit.stop();
    const to = `grace-${randomId()}@example.com`;
    try {
      const started = Date.now();
      for (const key of ['down-1', 'down-2', 'down-3']) expect(await outbox.enqueue(key, email(to, key))).toEqual({ queued: true });
      expect(Date.now() - started).toBeLessThan(5_000);
      await eventually(() => stored('down-1'), (d) => (d?.attempts ?? 0) >= 2);
      expect(await stored('down-1')).toMatchObject({ status: 'pending', lastError: expect.any(String) });
    } finally {
      await mailpit.start();
    }
    await eventually(async () => Promise.all(['down-1', 'down-2', 'down-3'].map(stored)), (docs) => docs.every((d) => d?.status === 'sent'), 20_000);
    const arrived = await mailpit.messagesTo(to);
    expect(arrived.map((m) => m.Subject).sort()).toEqual(['down-1', 'down-2', 'down-3']);
  });

  test('when an email cannot be sent by its last attempt, then it is dead-lettered and kept', async () => {
    // an outbox of its own (another service's database): the one above would send it
    const own = await connectMongo(process.env.MONGO_URL!, `${ns}mailtest_dead`);
    const dead = createMailOutbox({ conn: own, transport: smtpTransport('smtp://127.0.0.1:9'), from: 'Postwright <no-reply@postwright.test>', logger: createLogger('mail', 'silent'), retryBaseMs: 20, maxAttempts: 3 });
    const stopDead = dead.start(50);
    try {
      await dead.enqueue('never', email(`nobody-${randomId()}@example.com`));
      const doc = await eventually(() => own.collection('mail_outbox').findOne({ key: 'never' }), (d) => d?.status === 'dead', 15_000);
      expect(doc).toMatchObject({ status: 'dead', attempts: 3, nextAttemptAt: null, lastError: expect.any(String) });
    } finally {
      await stopDead();
      await own.close();
    }
  });
});
