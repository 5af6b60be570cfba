import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from './app/router';
import { createStore } from './app/store';

/**
 * Renders a page to HTML at build time, as the browser's first render would: no data yet, so
 * every figure shows its fallback until the calls answer. It waits for lazy parts, so the HTML
 * holds them and hydration matches.
 */
export async function render(path: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const { prelude } = await prerenderToNodeStream(
    <Provider store={createStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}
