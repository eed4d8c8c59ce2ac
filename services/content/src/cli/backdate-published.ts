/**
 * `tsx services/content/src/cli/backdate-published.ts < posts.json`: dates a member's published
 * posts back, for a demo (`npm run seed:demo`) or a journey that needs a history to look at.
 * Reads `{"userId": "...", "posts": [{"contentId": "...", "publishedAt": "<ISO time>"}]}` on
 * stdin and answers `{"backdated": n, "rows": n}`. Uses MONGO_URL, REDIS_URL and NAMESPACE when set,
 * else the local stack's embedded FerretDB and Redis as `npm start` runs them. Refused with NODE_ENV=production: a
 * real post keeps the time it went out.
 */
import { z } from 'zod';
import { connectMongo, connectRedis } from '@postwright/platform';
import { ensureMongo } from '@postwright/platform/src/stack/infra';
import { configSchema } from '../config';
import { contentModel } from '../modules/content/content.model';
import { backdateRepository } from '../modules/demo/backdate.repository';
import { backdateUseCases, type BackdatedPost } from '../modules/demo/backdate.use-case';
import { insightModels } from '../modules/insights/insights.model';
import { rowsCache } from '../modules/insights/insights.rows-cache';

const settingsSchema = configSchema.pick({ NODE_ENV: true, MONGO_URL: true, REDIS_URL: true, NAMESPACE: true });

export const backdateRequestSchema = z.object({
  userId: z.string().min(1),
  posts: z
    .array(z.object({ contentId: z.string().min(1), publishedAt: z.string().datetime({ offset: true }) }))
    .min(1)
    .max(5_000),
});
export type BackdateRequest = z.infer<typeof backdateRequestSchema>;

export async function backdatePublished(request: BackdateRequest, env: Record<string, string | undefined>): Promise<{ backdated: number; rows: number }> {
  if (env.NODE_ENV === 'production') throw new Error('Refused with NODE_ENV=production: real posts keep the time they were published.');
  const { userId, posts } = backdateRequestSchema.parse(request);
  const settings = settingsSchema.parse({ ...env, MONGO_URL: env.MONGO_URL || (await ensureMongo({ detached: true })).url });
  // the service's database and Redis keys, as startService names them for the content service
  const mongo = await connectMongo(settings.MONGO_URL, `${settings.NAMESPACE}postwright_content`);
  const redis = await connectRedis(settings.REDIS_URL).catch(async (error: unknown) => {
    await mongo.close();
    throw error;
  });
  try {
    const backdate = backdateUseCases({
      repo: backdateRepository({ items: contentModel(mongo), insightPosts: insightModels(mongo).posts }),
      rowsChanged: rowsCache(redis, `${settings.NAMESPACE}content:`).changed,
    });
    const dated: BackdatedPost[] = posts.map((p) => ({ contentId: p.contentId, publishedAt: new Date(p.publishedAt) }));
    return await backdate.backdate(userId, dated);
  } finally {
    redis.disconnect();
    await mongo.close();
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

if (require.main === module) {
  readStdin()
    .then((text) => backdatePublished(JSON.parse(text) as BackdateRequest, process.env))
    .then(
      (result) => {
        process.stdout.write(`${JSON.stringify(result)}\n`);
        process.exit(0);
      },
      (error: unknown) => {
        process.stderr.write(`backdate-published failed: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
}
