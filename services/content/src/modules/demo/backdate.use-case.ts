import type { BackdateRepository } from './backdate.repository';

export interface BackdatedPost {
  contentId: string;
  publishedAt: Date;
}

/**
 * Gives a member's published posts earlier publication times, so a demo or a journey has a
 * history to look at (the posts were all just published), on the items and on the insights'
 * rows alike. Run by the CLI (cli/backdate-published.ts), never by the service: nothing a
 * member can reach moves a date.
 */
export function backdateUseCases(deps: {
  repo: BackdateRepository;
  /** tells the insights' copies of the member's rows that they changed (insights.rows-cache) */
  rowsChanged: (userIds: string[]) => Promise<void>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async backdate(userId: string, posts: readonly BackdatedPost[]): Promise<{ backdated: number; rows: number }> {
      const at = now();
      const future = posts.find((p) => p.publishedAt.getTime() > at.getTime());
      if (future) throw new Error(`${future.contentId}: ${future.publishedAt.toISOString()} is in the future; a post can only be dated back`);
      const ids = posts.map((p) => p.contentId);
      const found = await deps.repo.publishedIds(userId, ids);
      const missing = ids.filter((id) => !found.has(id));
      // all or nothing: a half-dated history would mislead more than none
      if (missing.length) throw new Error(`Not published posts of member ${userId}: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', ...' : ''}`);
      const written = await deps.repo.setPublishedAt(userId, posts);
      await deps.rowsChanged([userId]);
      return { backdated: written.items, rows: written.rows };
    },
  };
}
