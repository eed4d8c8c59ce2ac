import type { OpenApiDocument } from './document';

const escape = (text: unknown) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const json = (value: unknown) => `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`;

/** A readable reference of the document, one self-contained page (no script, no outside asset). */
export function renderDocsPage(doc: OpenApiDocument): string {
  const sections = doc.tags.map((tag) => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => (op as { tags: string[] }).tags.includes(tag.name))
        .map(([method, op]) => {
          const o = op as { operationId: string; summary: string; security: unknown[]; requestBody?: { content: { 'application/json': { schema: unknown } } }; parameters?: Array<{ name: string; in: string }>; responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }> };
          const responses = Object.entries(o.responses)
            .map(([status, r]) => `<details><summary><code>${status}</code> ${escape(r.description.split('\n')[0])}${Object.keys(o.responses).length && r.description.includes('\n') ? ' …' : ''}</summary><p>${escape(r.description).replace(/\n\n/g, '<br>')}</p>${Object.entries(r.content ?? {}).map(([type, c]) => (type === 'application/json' ? '' : `<p><code>${escape(type)}</code></p>`) + json(c.schema)).join('')}</details>`)
            .join('');
          return `<article id="${escape(o.operationId)}"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3><p>${escape(o.summary)}${o.security.length ? ' · <em>bearer token</em>' : ' · <em>no token</em>'}</p>${o.parameters?.length ? `<p>Parameters: ${o.parameters.map((p) => `<code>${escape(p.name)}</code> (${p.in})`).join(', ')}</p>` : ''}${o.requestBody ? `<details><summary>Request body</summary>${json(o.requestBody.content['application/json'].schema)}</details>` : ''}${responses}</article>`;
        }),
    );
    return `<section><h2>${escape(tag.description)}</h2>${operations.join('')}</section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(doc.info.title)} reference</title><style>
body{font:16px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem 1.5rem;color:#1d2226}
h3{font-size:1rem;margin:1.5rem 0 .25rem}.m{display:inline-block;min-width:4.5em;font-size:.8rem;color:#fff;border-radius:4px;padding:0 .4em;text-align:center}
.get{background:#0a66c2}.post{background:#057642}.put{background:#915907}.delete{background:#b24020}
pre{background:#f3f2ef;padding:.75rem;overflow:auto;font-size:.8rem}summary{cursor:pointer}article{border-top:1px solid #e0dfdc}
</style></head><body><h1>${escape(doc.info.title)} <small>${escape(doc.info.version)}</small></h1><p>${escape(doc.info.description)}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escape(doc.openapi)}).</p>${sections.join('')}</body></html>`;
}
