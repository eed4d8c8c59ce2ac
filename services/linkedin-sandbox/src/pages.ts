import { parseLittleText, segmentText, type LittleSegment } from './little-text';
import type { AuthorizationRequest, Member, StoredPost } from './state';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

const STYLE = `
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f3f2ef; color: #1d2226; margin: 0; }
  header { background: #fff; border-bottom: 1px solid #e0dfdc; padding: 12px 24px; display: flex; align-items: center; gap: 12px; }
  .logo { background: #0a66c2; color: #fff; font-weight: 700; border-radius: 4px; padding: 2px 6px; }
  .badge { font-size: 12px; color: #915907; background: #fcf0d9; border-radius: 10px; padding: 2px 8px; }
  main { max-width: 560px; margin: 32px auto; padding: 0 16px; }
  .card { background: #fff; border-radius: 8px; border: 1px solid #e0dfdc; padding: 24px; margin-bottom: 16px; }
  h1 { font-size: 22px; margin: 0 0 8px; }
  label { display: block; font-size: 14px; margin: 12px 0 4px; }
  input[type=text], input[type=email] { width: 100%; box-sizing: border-box; padding: 8px; border: 1px solid #8c8c8c; border-radius: 4px; font-size: 15px; }
  ul.scopes { padding-left: 20px; }
  .actions { display: flex; gap: 12px; justify-content: flex-end; margin-top: 20px; }
  button { font-size: 16px; font-weight: 600; border-radius: 24px; padding: 8px 24px; cursor: pointer; }
  button.primary { background: #0a66c2; color: #fff; border: 0; }
  button.secondary { background: #fff; color: #0a66c2; border: 1px solid #0a66c2; }
  button:focus-visible { outline: 3px solid #1d2226; outline-offset: 2px; }
  .post .meta { color: #666; font-size: 13px; margin-bottom: 8px; }
  .post .text { white-space: pre-wrap; word-wrap: break-word; }
  .post a.hashtag, .post .mention { color: #0a66c2; font-weight: 600; text-decoration: none; }
  .post a.hashtag:hover, .post a.hashtag:focus-visible { text-decoration: underline; }
  .post summary { color: #666; cursor: pointer; list-style: none; display: inline; }
  .post summary::-webkit-details-marker { display: none; }
  .warn { color: #b24020; font-size: 13px; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header><span class="logo" aria-hidden="true">in</span><strong>LinkedIn</strong><span class="badge">Sandbox</span></header>
<main>${body}</main></body></html>`;
}

const SCOPE_TEXT: Record<string, string> = {
  openid: 'Use your name and photo to sign you in',
  profile: 'Use your name and photo',
  email: 'Use the primary email address on your LinkedIn account',
  w_member_social: 'Create, modify, and delete posts, comments, and reactions on your behalf',
  r_basicprofile: 'Use your basic profile, including your headline and public profile URL',
  r_member_postAnalytics: 'Retrieve analytics for your posts',
};

export function consentPage(request: AuthorizationRequest, appName: string): string {
  const scopes = request.scopes.map((s) => `<li>${escapeHtml(SCOPE_TEXT[s] ?? s)}</li>`).join('');
  return layout(
    'Sign in to LinkedIn (sandbox)',
    `<div class="card">
  <h1>${escapeHtml(appName)} would like to access your LinkedIn account</h1>
  <p>This is the local LinkedIn sandbox: no real account is used. Choose who you are signing in as.</p>
  <p>By allowing, you let ${escapeHtml(appName)}:</p>
  <ul class="scopes">${scopes}</ul>
  <form method="post" action="/oauth/v2/authorization/decision">
    <input type="hidden" name="request_id" value="${escapeHtml(request.id)}">
    <label for="given_name">First name</label>
    <input id="given_name" type="text" name="given_name" value="Alex" autocomplete="given-name" required>
    <label for="family_name">Last name</label>
    <input id="family_name" type="text" name="family_name" value="Morgan" autocomplete="family-name" required>
    <label for="email">Email</label>
    <input id="email" type="email" name="email" value="alex.morgan@example.com" autocomplete="email" required>
    <label><input type="checkbox" name="with_picture" value="1" checked> Profile photo</label>
    <div class="actions">
      <button class="secondary" type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
      <button class="primary" type="submit" name="decision" value="allow">Allow</button>
    </div>
  </form>
</div>`,
  );
}

export function errorPage(title: string, message: string): string {
  return layout(title, `<div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></div>`);
}

/** LinkedIn shows the first ~210 characters of a post, then "…see more". */
const FOLD = 210;

/** The segments before the fold and after it; a hashtag or mention is never split, it goes where it starts. */
function fold(segments: LittleSegment[], at: number): [LittleSegment[], LittleSegment[]] {
  const above: LittleSegment[] = [];
  const below: LittleSegment[] = [];
  let used = 0;
  for (const s of segments) {
    const room = at - used;
    if (room <= 0) below.push(s);
    else if (s.kind === 'text' && s.text.length > room) {
      above.push({ kind: 'text', text: s.text.slice(0, room) });
      below.push({ kind: 'text', text: s.text.slice(room) });
    } else above.push(s);
    used += segmentText(s).length;
  }
  return [above, below];
}

/** A hashtag links to the feed of its tag, as on LinkedIn (`/feed/hashtag/{tag}/`). */
function hashtagPath(tag: string): string {
  return `/feed/hashtag/${encodeURIComponent(tag.toLowerCase())}/`;
}

function segmentsHtml(segments: LittleSegment[]): string {
  return segments
    .map((s) => {
      if (s.kind === 'hashtag') return `<a class="hashtag" href="${escapeHtml(hashtagPath(s.tag))}">${escapeHtml(segmentText(s))}</a>`;
      if (s.kind === 'mention') return `<span class="mention" data-urn="${escapeHtml(s.urn)}">${escapeHtml(s.name)}</span>`;
      return escapeHtml(s.text);
    })
    .join('');
}

export function feedPage(posts: StoredPost[], members: Map<string, Member>, heading = 'Feed'): string {
  const items = posts
    .map((p) => {
      const member = members.get(p.author.replace('urn:li:person:', ''));
      const name = member ? `${member.givenName} ${member.familyName}` : p.author;
      const [above, below] = fold(parseLittleText(p.commentary).segments, FOLD);
      const more = below.length ? `<details><summary>…see more</summary><span class="text">${segmentsHtml(below)}</span></details>` : '';
      const warn = p.truncated ? '<p class="warn">Cut short: the post contained an unescaped reserved character.</p>' : '';
      return `<article class="card post" id="${escapeHtml(p.id)}">
  <div class="meta"><strong>${escapeHtml(name)}</strong> · ${new Date(p.createdAt).toISOString()} · ${escapeHtml(p.visibility)} · <a href="/feed/update/${encodeURIComponent(p.id)}/">${escapeHtml(p.id)}</a></div>
  <div class="text">${segmentsHtml(above)}</div>${more}${warn}
</article>`;
    })
    .join('\n');
  return layout(`${heading} (sandbox)`, `<h1>${escapeHtml(heading)}</h1>${items || '<div class="card">Nothing has been posted yet.</div>'}`);
}

export function avatarSvg(member: Member): string {
  const initials = `${member.givenName[0] ?? ''}${member.familyName[0] ?? ''}`.toUpperCase();
  const hue = [...member.sub].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" fill="hsl(${hue},45%,45%)"/><text x="100" y="122" font-family="sans-serif" font-size="72" fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text></svg>`;
}
