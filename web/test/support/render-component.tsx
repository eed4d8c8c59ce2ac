/**
 * One component on its own (no app shell), inside a memory router so links and navigation work,
 * with a signed-in session for the API client and a server-state cache of its own.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../../src/lib/query-client';
import { seedSession } from './fake-api';

/** `queryClient`: the page load's cache, when two renders stand for one page load */
export function renderComponent(ui: ReactElement, { path = '/', queryClient = createQueryClient() }: { path?: string; queryClient?: QueryClient } = {}) {
  seedSession();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, location: () => router.state.location };
}
