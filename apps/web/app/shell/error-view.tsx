// The error page as the root's error boundary shows it (root.tsx). The server renders it at once;
// the browser's build resolves this module to error-view.browser.tsx (vite.config.ts, the client
// environment only), where the page's code is fetched only when a page has an error, so it is in
// no page's first load.
export { ErrorPage as ErrorView } from './error-page.tsx';
