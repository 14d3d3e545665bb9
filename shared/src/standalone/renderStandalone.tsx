import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import { ShopProviders, type ShopStore } from '@maison/shared';
import { StandaloneFrame } from './StandaloneFrame';

interface StandaloneOptions {
  appName: string;
  /** Where `/` leads (an href of the address module), and the frame's links (labelled by their href unless told). */
  home: string;
  links: Array<{ to: string; label?: string }>;
  routes: RouteObject[];
  store: ShopStore;
}

/** A remote running alone on its own port: its pages in a minimal frame, with its own store. */
export function renderStandalone({ appName, home, links, routes, store }: StandaloneOptions): void {
  const router = createBrowserRouter([
    {
      element: <StandaloneFrame appName={appName} links={links} />,
      children: [{ index: true, element: <Navigate to={home} replace /> }, ...routes],
    },
  ]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ShopProviders store={store}>
        <RouterProvider router={router} />
      </ShopProviders>
    </StrictMode>,
  );
}
