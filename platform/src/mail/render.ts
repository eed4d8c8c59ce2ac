/** One email, as the outbox keeps and sends it. */
export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** extra headers, e.g. List-Unsubscribe */
  headers?: Record<string, string>;
}

/** What an email says: every one has the same layout, a plain-text part and an HTML part that say the same. */
export interface EmailContent {
  /** "Hi Ada," */
  greeting?: string;
  paragraphs: string[];
  /** the one thing to do, as a button (HTML) and a link on its own line (text) */
  action?: { label: string; url: string };
  /** small print after the action: why they got it, how long a link lasts */
  footnote?: string;
  /**
   * A notification's way out: `page` is the link in the email (a page that says what stops),
   * `oneClick` the address mail clients POST to (List-Unsubscribe with RFC 8058's one-click).
   */
  unsubscribe?: { page: string; oneClick: string };
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The email for `to` with this subject and content: text and HTML parts, and the unsubscribe headers when it has a way out. */
export function renderEmail(to: string, subject: string, content: EmailContent): Email {
  const text = [
    content.greeting,
    ...content.paragraphs,
    content.action ? `${content.action.label}: ${content.action.url}` : undefined,
    content.footnote,
    content.unsubscribe ? `To stop these emails: ${content.unsubscribe.page}` : undefined,
    '— Postwright',
  ]
    .filter(Boolean)
    .join('\n\n');
  const paragraph = (t: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escape(t)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:18px;font-weight:700;color:#111827">Postwright</p>
${content.greeting ? paragraph(content.greeting) : ''}
${content.paragraphs.map(paragraph).join('\n')}
${
  content.action
    ? `<p style="margin:24px 0"><a href="${escape(content.action.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escape(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#4b5563;word-break:break-all">Or open this link: ${escape(content.action.url)}</p>`
    : ''
}
${content.footnote ? `<p style="margin:16px 0 0;font-size:13px;line-height:20px;color:#4b5563">${escape(content.footnote)}</p>` : ''}
${content.unsubscribe ? `<p style="margin:24px 0 0;font-size:12px;color:#6b7280"><a href="${escape(content.unsubscribe.page)}" style="color:#6b7280">Stop these emails</a></p>` : ''}
</td></tr></table>
</td></tr></table>
</body></html>`;
  const headers = content.unsubscribe ? { 'List-Unsubscribe': `<${content.unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;
  return { to, subject, text, html, ...(headers ? { headers } : {}) };
}
