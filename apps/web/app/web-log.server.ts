// The web server's log: JSON lines by pino, the API's logger (Fastify's), in the same shape —
// `level` (pino's number), `time` (epoch ms), `msg`, and `reqId` on every line of a request — so
// the lines of one request from the balancer, the web server and the API can be read together.
// Plain Node, no React: server.ts loads it directly for its own lines (start, stop, access log,
// failed requests), the render's error lines go through the same module in the server build.

import { type Logger, pino } from 'pino';

export type { Logger } from 'pino';

/** A logger writing JSON lines to `destination` (default standard output). */
export function createWebLogger(destination?: NodeJS.WritableStream): Logger {
  const options = {
    base: { pid: process.pid, service: 'web' },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The process's log, made on first use. */
let shared: Logger | null = null;
export function webLog(): Logger {
  shared ??= createWebLogger();
  return shared;
}
