import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { createRouter } from './router';
import { createStore } from './store';

export function App() {
  const [store] = useState(createStore);
  const [router] = useState(createRouter);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
