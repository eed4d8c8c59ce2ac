import type { Router } from 'express';
import { postsListQuerySchema } from '@postwright/contracts';
import { parseInput, requireUser, type TokenVerifier, userOf } from '@postwright/platform';
import type { PostRepository } from '../publish/post.repository';
import { listPosts } from './posts.use-case';

export function postsRoutes(router: Router, { tokens, posts }: { tokens: TokenVerifier; posts: PostRepository }): void {
  router.get('/api/linkedin/posts', requireUser(tokens), async (req, res) => {
    const query = parseInput(postsListQuerySchema, {
      page: typeof req.query.page === 'string' && req.query.page !== '' ? req.query.page : undefined,
      limit: typeof req.query.limit === 'string' && req.query.limit !== '' ? req.query.limit : undefined,
    });
    res.json(await listPosts(posts, userOf(req).id, query.page, query.limit));
  });
}
