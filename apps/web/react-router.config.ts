import type { Config } from '@react-router/dev/config';

// Framework mode with server rendering: SEO pages need SSR (DESIGN 2). The server build is served
// by our own server.ts, not by react-router-serve, so the web app can be started in-process.
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
