import type { Config } from '@react-router/dev/config';

// Framework mode with server rendering: SEO pages need SSR (DESIGN 2). The server build is served
// by our own server (server/server.ts), not by react-router-serve, so the web app can be started
// in-process. WEB_BUILD_DIR names the build's folder for the build as for the server that serves
// it (a private build beside the shared apps/web/build).
export default {
  appDirectory: 'app',
  buildDirectory: process.env.WEB_BUILD_DIR || 'build',
  ssr: true,
} satisfies Config;
