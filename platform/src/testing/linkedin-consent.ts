/** The consent form a browser would submit at the sandbox: Allow, and follow the redirect back. */
export async function allowConsent(pageUrl: string, email: string): Promise<URL> {
  const page = await fetch(pageUrl);
  const html = await page.text();
  const form = /<form[^>]*method="post"[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`no consent form (status ${page.status})`);
  const values = new URLSearchParams();
  for (const input of form[2].matchAll(/<input([^>]*)>/gi)) {
    const attr = (n: string) => new RegExp(`${n}="([^"]*)"`, 'i').exec(input[1])?.[1];
    const name = attr('name');
    if (!name) continue;
    if ((attr('type') ?? 'text') === 'checkbox' && !/\schecked/i.test(input[1])) continue;
    values.set(name, attr('value') ?? '');
  }
  values.set('email', email);
  const pressed = /<button[^>]*name="([^"]+)"[^>]*value="([^"]+)"[^>]*>Allow<\/button>/i.exec(form[2]);
  if (!pressed) throw new Error('no Allow button on the consent page');
  values.set(pressed[1], pressed[2]);
  const res = await fetch(new URL(form[1], pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: values.toString(),
    redirect: 'manual',
  });
  if (res.status !== 302) throw new Error(`consent answered ${res.status}`);
  return new URL(res.headers.get('location')!);
}
