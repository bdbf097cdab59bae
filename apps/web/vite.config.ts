import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// What every page loads first, as one file in the browser build: React, React DOM, React Router
// and the app's shell (messages, the toast region, header and footer, the token store) with the
// offer card and its favourite toggle (home, results and detail all show cards), instead of the
// dozen chunks the automatic splitting makes of them. Every page fetches these anyway; one file
// compresses better (about 6 KB of brotli less per first load) and is one request. The browser's
// API client and the errors' texts are left out: they are fetched on first use
// (api/load-browser-api.ts, toasts/toast-provider.tsx).
const FRAMEWORK = /node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]/;
const SHELL =
  /[\\/]web[\\/]app[\\/](?:i18n[\\/]|toasts[\\/]|shell[\\/]|locale[\\/]|nonce-context|features[\\/](?:offers[\\/]offer-card|results[\\/]result-card|favorites-toggle[\\/]favorite-toggle)\.|api[\\/](?:tokens|load-browser-api)\.)/;

// The React Router plugin compiles JSX and provides HMR; no separate React plugin is needed.
// A build is always the production bundle, whatever NODE_ENV its caller has: a test run that
// builds (NODE_ENV=test) would otherwise ship React's development build, twice the size and slow.
export default defineConfig(({ command, isSsrBuild }) => ({
  ...(command === 'build' ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  ...(command === 'build' && !isSsrBuild
    ? {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'framework',
                    test: (id: string) => FRAMEWORK.test(id) || SHELL.test(id),
                    priority: 10,
                  },
                ],
              },
            },
          },
        },
      }
    : {}),
  plugins: [reactRouter()],
}));
