/**
 * One component on its own (no app shell), inside a memory router so links and navigation work,
 * with a signed-in session for the API client.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { seedSession } from './fake-api';

export function renderComponent(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  seedSession();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const utils = render(<RouterProvider router={router} />);
  return { ...utils, router, location: () => router.state.location };
}
