import type { Router } from 'express';
import { z } from 'zod';
import { parseInput, requireUser, type ServiceContext } from '@postwright/platform';
import type { PostRepository } from '../publish/post.repository';
import { listPosts } from './posts.use-case';

const querySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number of 1 or more' }).int('page must be a whole number of 1 or more').min(1, 'page must be a whole number of 1 or more').max(100_000).default(1),
  limit: z.coerce.number({ error: 'limit must be a whole number from 1 to 100' }).int('limit must be a whole number from 1 to 100').min(1, 'limit must be a whole number from 1 to 100').max(100, 'limit must be a whole number from 1 to 100').default(10),
});

export function postsRoutes(router: Router, ctx: ServiceContext, posts: PostRepository): void {
  router.get('/api/linkedin/posts', requireUser(ctx.tokens), async (req, res) => {
    const query = parseInput(querySchema, {
      page: typeof req.query.page === 'string' && req.query.page !== '' ? req.query.page : undefined,
      limit: typeof req.query.limit === 'string' && req.query.limit !== '' ? req.query.limit : undefined,
    });
    res.json(await listPosts(posts, req.user!.id, query.page, query.limit));
  });
}
