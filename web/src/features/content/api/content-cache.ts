import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ContentItem } from '@postwright/contracts';
import { useUser } from '../../../lib/auth';
import { storeContentItem } from '../../../lib/content-api';
import { queryKeys } from '../../../lib/query-client';

/** What the generator's writes tell the cached content: an item the server answered with, or a new post the lists must read. */
export function useContentCache() {
  const user = useUser();
  const client = useQueryClient();
  return useMemo(
    () => ({
      stored: (item: ContentItem) => storeContentItem(client, user.id, item),
      added: () => void client.invalidateQueries({ queryKey: queryKeys.content(user.id) }),
    }),
    [client, user.id],
  );
}
