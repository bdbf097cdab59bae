import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// What every page loads first, as one file in the browser build: React, React DOM, React Router
// and the app's shell (messages, toasts, API client, header and footer), instead of the half
// dozen chunks the automatic splitting makes of them. Every page fetches all of these anyway;
// one file compresses better (about 5 KB of brotli less per first load) and is one request.
const FRAMEWORK = /node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]/;
const SHELL = /[\\/]web[\\/]app[\\/](?:i18n|toasts|api|shell|locale|nonce-context)[\\/.]/;

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
