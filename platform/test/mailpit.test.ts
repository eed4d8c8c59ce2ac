/**
 * The test kit's Mailpit: an email sent over SMTP (nodemailer, as the services send) to the
 * shared test Mailpit is read back by its recipient, in full; and a test file's own Mailpit can
 * be taken away and brought back on the same ports.
 */
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { linkIn, messagesTo, startMailpit, waitForMessage, type OwnMailpit } from '../src/testing/mailpit';
import { TEST_MAIL_FROM } from '../src/testing';

const unique = () => randomBytes(5).toString('hex');

function send(smtpUrl: string, to: string, subject: string, text = 'Hello.') {
  const transport = nodemailer.createTransport(smtpUrl);
  return transport.sendMail({ from: TEST_MAIL_FROM, to, subject, text }).finally(() => transport.close());
}

describe('the shared test Mailpit', () => {
  test('when an email goes out over SMTP_URL, then the kit reads it back by its recipient: text, HTML, headers and the link it carries', async () => {
    const id = unique();
    const to = `member.${id}@example.test`;
    const transport = nodemailer.createTransport(process.env.SMTP_URL);
    await transport.sendMail({
      from: TEST_MAIL_FROM,
      to: `Dana Reyes <${to}>`,
      subject: `Confirm your email ${id}`,
      text: `Welcome. Confirm your email: http://localhost:8080/auth/verify-email?token=tok-${id}.\nOr ignore this email.`,
      html: `<p>Welcome. <a href="http://localhost:8080/auth/verify-email?token=tok-${id}">Confirm your email</a></p>`,
      list: { unsubscribe: `http://localhost:8080/api/notifications/unsubscribe?token=u-${id}` },
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    transport.close();

    const mail = await waitForMessage(to, { subject: /^Confirm your email/ });
    expect(mail.Subject).toBe(`Confirm your email ${id}`);
    expect(mail.From).toEqual({ Name: 'Postwright', Address: 'no-reply@postwright.test' });
    expect(mail.To).toEqual([{ Name: 'Dana Reyes', Address: to }]);
    expect(mail.HTML).toContain(`href="http://localhost:8080/auth/verify-email?token=tok-${id}"`);
    expect(mail.headers['list-unsubscribe']).toEqual([`<http://localhost:8080/api/notifications/unsubscribe?token=u-${id}>`]);
    expect(mail.headers['list-unsubscribe-post']).toEqual(['List-Unsubscribe=One-Click']);
    expect(mail.ListUnsubscribe.Links).toEqual([`http://localhost:8080/api/notifications/unsubscribe?token=u-${id}`]);
    const link = linkIn(mail, '/auth/verify-email');
    expect(link.href).toBe(`http://localhost:8080/auth/verify-email?token=tok-${id}`);
    expect(() => linkIn(mail, '/auth/reset-password')).toThrow(/no link to \/auth\/reset-password/);
  });

  test('when another recipient\'s address contains mine, then only my emails are mine', async () => {
    const id = unique();
    const mine = `${id}@example.test`;
    await send(process.env.SMTP_URL!, `x${mine}`, `not yours ${id}`);
    await send(process.env.SMTP_URL!, mine, `yours ${id}`);
    await waitForMessage(`x${mine}`);
    await waitForMessage(mine);
    expect((await messagesTo(mine)).map((m) => m.Subject)).toEqual([`yours ${id}`]);
  });

  test('when the email does not come, then the wait ends with what did arrive', async () => {
    const to = `nobody.${unique()}@example.test`;
    await send(process.env.SMTP_URL!, to, 'the only one');
    await expect(waitForMessage(to, { subject: 'another one', timeoutMs: 300 })).rejects.toThrow(/with subject another one to .*; arrived: "the only one"/);
  });
});

describe('a Mailpit of the test file\'s own', () => {
  let mailpit: OwnMailpit;
  beforeAll(async () => {
    mailpit = await startMailpit();
  });
  afterAll(() => mailpit?.close());

  test('when it is stopped, then SMTP is refused; when it starts again, then it takes mail on the same port and still has the earlier messages', async () => {
    const to = `outage.${unique()}@example.test`;
    await send(mailpit.smtpUrl, to, 'before');
    await mailpit.waitForMessage(to, { subject: 'before' });

    await mailpit.stop();
    await expect(send(mailpit.smtpUrl, to, 'while stopped')).rejects.toMatchObject({ code: 'ESOCKET' });

    await mailpit.start();
    await send(mailpit.smtpUrl, to, 'after');
    await mailpit.waitForMessage(to, { count: 2 });
    expect((await mailpit.messagesTo(to)).map((m) => m.Subject)).toEqual(['before', 'after']);
    // the shared inbox is another server
    expect(await messagesTo(to)).toEqual([]);
  });
});
