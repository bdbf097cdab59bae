import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { routerStubs } from './vite-plugins/router-stubs.ts';

// What every page loads first, as one file in the browser build: React, React DOM, React Router,
// the root route and the app's shell (messages, the toast region, header and footer, the cookie
// helpers) with the offer card and its favourite toggle (home, results and detail all show cards)
// and the frame of the parts the server renders as they are (ui/server-html.tsx, results and detail),
// instead of the dozen chunks the automatic splitting makes of them. Every page fetches these
// anyway; one file compresses better (about 6 KB of brotli less per first load) and is one request.
// The root route's own file is then a line of re-exports (0.6 KB brotli less on every page). The
// browser's API client, the session's token store, the errors' texts and a toast itself are left
// out: they are fetched on first use (api/load-browser-api.ts, toasts/toast-provider.tsx), and so
// is the error page (shell/error-view.tsx).
const FRAMEWORK = /node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]/;
const SHELL =
  /[\\/]web[\\/]app[\\/](?:i18n[\\/](?!error-text\.|retry-wait\.)|toasts[\\/](?!toast-item\.)|shell[\\/](?!error-page\.)|locale[\\/]|document[\\/]nonce-context|root\.tsx|ui[\\/](?:server-html|icons|offers[\\/](?:offer-card|result-card)|favorite-toggle[\\/]favorite-toggle)\.|api[\\/](?:cookies|stats-token|load-browser-api)\.)/;
// The place box's frame (search/filters/place-box.tsx), which home and results share and whose box
// comes after the first load: a file of its own would cost both pages more than it weighs here.
// The map's address helpers, the filter limits and the place suggestions' state were here too;
// the browser code that uses them now comes on demand (the map toggle's target, the filter form's
// search, the location box; the panel's bounds come with its view), so they are in no page's first
// load (docs/benchmarks-journal/2026-12-07-first-load-2.md).
const PLACE_BOX = /[\\/]web[\\/]app[\\/]features[\\/]search[\\/]filters[\\/]place-box\.tsx$/;

// V8's explicit compile hint: the browser compiles every function of the framework file while it
// downloads it, off the main thread, instead of each one on the main thread at its first call.
// Nearly all of it runs on the first load anyway (React hydrating the page, React Router starting):
// the task that evaluates the page's modules, the longest of a first load, is shorter on a
// phone's CPU (docs/benchmarks.md, 2026-11-28 afternoon). Other files are left to compile
// lazily: much of their code runs only when used. Measured, the comment worked on the file's
// first line and not on its second, so it is put there last: after minification (which would
// drop it) and after Vite's own first line (the list of files its dynamic imports preload).
const COMPILE_EAGERLY = '//# allFunctionsCalledOnLoad';
function compileHint(): Plugin {
  return {
    name: 'estately:compile-hint',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(options, bundle) {
        if (!/[\\/]client$/.test(options.dir ?? '')) return;
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && output.name === 'framework') {
            output.code = `${COMPILE_EAGERLY}\n${output.code}`;
          }
        }
      },
    },
  };
}

// Every script, stylesheet and SVG of the browser build also written brotli-compressed at the
// highest quality beside itself (`x.js.br`), once at build time: the web server sends that twin to
// browsers that accept br (server/static-files.ts), about 16 % fewer bytes than its gzip on the fly
// (issue 9: the first load's JavaScript is most of a phone's first view). Small files are left as
// they are.
const PRECOMPRESS = /\.(?:js|mjs|css|svg)$/;
function precompress(): Plugin {
  return {
    name: 'estately:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir || !/[\\/]client$/.test(dir)) return;
      for (const fileName of Object.keys(bundle)) {
        if (!PRECOMPRESS.test(fileName)) continue;
        const path = join(dir, fileName);
        // React Router removes some of what the bundle lists (server-only modules) before this runs.
        if (!existsSync(path)) continue;
        const source = readFileSync(path);
        if (source.length <= 1024) continue;
        const compressed = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        // A twin that cannot be written (the directory went away) only means gzip for that file.
        try {
          writeFileSync(`${path}.br`, compressed);
        } catch {}
      }
    },
  };
}

// The browser's build takes the error view that fetches the error page when a page has one
// (shell/error-view.tsx); the server's keeps the one that renders it at once. Only the client
// environment's resolution is changed: an alias would change the server's too, whose first error
// page would then wait for the page's code and go through the streaming renderer.
function browserErrorView(): Plugin {
  return {
    name: 'estately:browser-error-view',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (source !== './shell/error-view.tsx' || !importer?.replace(/\\/g, '/').endsWith('/app/root.tsx'))
        return null;
      return join(import.meta.dirname, 'app', 'shell', 'error-view.browser.tsx');
    },
  };
}

// The React Router plugin compiles JSX and provides HMR; no separate React plugin is needed.
// A build is always the production bundle, whatever NODE_ENV its caller has: a test run that
// builds (NODE_ENV=test) would otherwise ship React's development build, twice the size and slow.
export default defineConfig(({ command, isSsrBuild }) => ({
  ...(command === 'build' ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  ...(command === 'build' && !isSsrBuild
    ? {
        build: {
          // A dynamic import preloads the files its module needs, listed in the importing file; the
          // framework and the bundler's runtime are in every page's first load, so they are not
          // listed (shorter lists in every file that imports on demand).
          modulePreload: {
            resolveDependencies: (_file: string, deps: string[]) =>
              deps.filter((dep) => !/(?:^|\/)(?:framework|rolldown-runtime)-[\w-]+\.js$/.test(dep)),
          },
          rolldownOptions: {
            // Imported constants written where they are used, not read from a variable (slightly
            // smaller files; the default inlines them in conditions only).
            optimization: { inlineConst: { mode: 'all', pass: 2 } },
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'framework',
                    test: (id: string) => FRAMEWORK.test(id) || SHELL.test(id) || PLACE_BOX.test(id),
                    priority: 10,
                  },
                ],
              },
            },
          },
        },
      }
    : {}),
  plugins: [browserErrorView(), reactRouter(), routerStubs(), compileHint(), precompress()],
}));
