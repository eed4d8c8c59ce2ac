import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../lib/api-client';
import { AuthProvider } from '../lib/auth';
import { createQueryClient, forgetOtherMembers } from '../lib/query-client';
import { session } from '../lib/session';

/** App-wide providers: the server-state cache, then auth. */
export function AppProvider({ children, client, queryClient }: { children: ReactNode; client?: ApiClient; queryClient?: QueryClient }) {
  const [cache] = useState(() => queryClient ?? createQueryClient());
  // what one member's screens read is never shown to the next one signed in here
  useEffect(() => session.subscribe(() => forgetOtherMembers(cache, session.get().user?.id ?? null)), [cache]);
  return (
    <QueryClientProvider client={cache}>
      <AuthProvider client={client} queries={cache}>
        {children}
      </AuthProvider>
    </QueryClientProvider>
  );
}
