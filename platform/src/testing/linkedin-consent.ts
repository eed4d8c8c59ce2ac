/**
 * What a browser does with the LinkedIn sandbox's consent page: read the form, fill it, press a
 * button. `fields` overrides form values (null removes one). Answers the sandbox's status and
 * redirect, without following it.
 */
export async function submitConsent(
  pageUrl: string,
  button: 'Allow' | 'Cancel',
  fields: Record<string, string | null> = {},
): Promise<{ status: number; location: string | null }> {
  const page = await fetch(pageUrl);
  const html = await page.text();
  const form = /<form[^>]*method="post"[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`no consent form (status ${page.status}): ${html.slice(0, 200)}`);
  const values = new URLSearchParams();
  for (const input of form[2].matchAll(/<input([^>]*)>/gi)) {
    const attr = (n: string) => new RegExp(`${n}="([^"]*)"`, 'i').exec(input[1])?.[1];
    const name = attr('name');
    if (!name) continue;
    if ((attr('type') ?? 'text') === 'checkbox' && !/\schecked/i.test(input[1])) continue;
    values.set(name, attr('value') ?? '');
  }
  for (const [k, v] of Object.entries(fields)) {
    if (v === null) values.delete(k);
    else values.set(k, v);
  }
  const pressed = new RegExp(`<button[^>]*name="([^"]+)"[^>]*value="([^"]+)"[^>]*>${button}</button>`, 'i').exec(form[2]);
  if (!pressed) throw new Error(`no ${button} button on the consent page`);
  values.set(pressed[1], pressed[2]);
  const res = await fetch(new URL(form[1], pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: values.toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location') };
}

/** Presses a button on the consent page and answers the redirect back (the web's callback page). */
export async function consentRedirect(pageUrl: string, button: 'Allow' | 'Cancel', fields: Record<string, string | null> = {}): Promise<URL> {
  const { status, location } = await submitConsent(pageUrl, button, fields);
  if (status !== 302 || !location) throw new Error(`consent answered ${status}`);
  return new URL(location);
}

/** The consent a member gives: Allow, as `email`. */
export function allowConsent(pageUrl: string, email: string): Promise<URL> {
  return consentRedirect(pageUrl, 'Allow', { email });
}
