/**
 * One component on its own (no app shell), inside a memory router so links and navigation work,
 * with a signed-in session for the API client and a server-state cache of its own.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../../src/lib/query-client';
import { seedSession } from './fake-api';

export function renderComponent(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  seedSession();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, location: () => router.state.location };
}
