import { createHash } from 'node:crypto';
import type { Express, Request, Response } from 'express';
import { renderDocsPage } from './docs-page';
import { buildOpenApiDocument } from './document';

/**
 * GET /api/openapi.json and GET /api/docs: public, built once at start (the contracts do not change
 * while the gateway runs), revalidated by ETag.
 */
export function mountApiReference(app: Express, version: string): void {
  const doc = buildOpenApiDocument(version);
  const serve = (type: string, body: string) => {
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return (req: Request, res: Response) => {
      res.setHeader('cache-control', 'public, max-age=300');
      res.setHeader('etag', etag);
      if (req.headers['if-none-match'] === etag) return void res.status(304).end();
      res.type(type).send(body);
    };
  };
  app.get('/api/openapi.json', serve('application/json', JSON.stringify(doc)));
  app.get('/api/docs', serve('html', renderDocsPage(doc)));
}
