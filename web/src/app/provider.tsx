import type { ReactNode } from 'react';
import type { ApiClient } from '../lib/api-client';
import { AuthProvider } from '../lib/auth';

/** App-wide providers. */
export function AppProvider({ children, client }: { children: ReactNode; client?: ApiClient }) {
  return <AuthProvider client={client}>{children}</AuthProvider>;
}
