import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router';
import { createStore } from '../app/store';

/** The whole app at `path`, with a fresh store, as a test sees it. */
export function renderRoute(path: string) {
  const store = createStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}

export function renderWithStore(ui: ReactNode) {
  const store = createStore();
  return { ...render(<Provider store={store}>{ui}</Provider>), store };
}
