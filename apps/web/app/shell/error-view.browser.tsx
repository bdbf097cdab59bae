import { lazy } from 'react';

// error-view.tsx in the browser's build (vite.config.ts): the error page's code comes when a
// page has an error. Until it is there, the server's markup of the page stays (hydration) or
// the error boundary's Suspense shows nothing (a navigation inside the site).
export const ErrorView = lazy(() =>
  import('./error-page.tsx').then((module) => ({ default: module.ErrorPage })),
);
