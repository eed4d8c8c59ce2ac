import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useUser } from '../../../lib/auth';
import { disconnectLinkedIn, linkedinStatusQuery, type LinkedInStatus } from '../../../lib/linkedin-api';
import { queryKeys } from '../../../lib/query-client';

/** The connection as the card shows it: read when the card opens and on Refresh Status. */
export function useLinkedInStatus() {
  const user = useUser();
  return useQuery(linkedinStatusQuery(user.id));
}

/** Ends the connection; every screen that shows it learns it at once. */
export function useDisconnectLinkedIn() {
  const user = useUser();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => disconnectLinkedIn(),
    onSuccess: () => client.setQueryData<LinkedInStatus>(queryKeys.linkedinStatus(user.id), { connected: false }),
  });
}
