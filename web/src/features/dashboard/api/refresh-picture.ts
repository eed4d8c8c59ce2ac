import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth';
import { refreshLinkedInProfile } from '../../../lib/linkedin-api';
import { queryKeys } from '../../../lib/query-client';

/** Asks the LinkedIn service to fetch the member's picture again; a found one is read back (the connection and the user). */
export function useRefreshPicture() {
  const { user, refreshUser } = useAuth();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => refreshLinkedInProfile(),
    onSuccess: async ({ profilePictureUpdated }) => {
      if (!profilePictureUpdated || !user) return;
      await Promise.all([client.refetchQueries({ queryKey: queryKeys.linkedinStatus(user.id) }), refreshUser().catch(() => null)]);
    },
  });
}
