import type { z } from 'zod';
import type { postsListResponseSchema } from '@postwright/contracts';
import type { PostRepository } from '../publish/post.repository';

export type PostsList = z.infer<typeof postsListResponseSchema>;

/** The member's published LinkedIn posts, newest first, a page at a time. */
export async function listPosts(posts: PostRepository, userId: string, page: number, limit: number): Promise<PostsList> {
  const { posts: records, total } = await posts.listPublished(userId, page, limit);
  return {
    posts: records.map((p) => ({
      id: p.id,
      linkedInPostId: p.linkedInPostId!,
      contentType: p.contentType,
      contentId: p.contentId,
      url: p.url!,
      publishedAt: p.publishedAt!.toISOString(),
    })),
    pagination: { page, limit, total, pages: Math.ceil(total / limit) },
  };
}
