import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.ts';
import { IMAGE_WORK_LIMITS } from '../../lib/concurrency-limit.ts';

// Shutdown and uploads (issue 37 point 8, decision 020 addendum). An upload may wait up to
// IMAGE_WORK_LIMITS.maxWaitMs (20 s) for an image slot and then needs its own image work, while
// a stopping process used to exit after 10 s whatever was under way: an upload the client had
// fully sent was cut, and its files could stay without a row. Now a stopping API first refuses
// new uploads (503 with Retry-After: another instance, or this one restarted, takes them), then
// waits for the uploads under way up to a bound that covers them, and only then closes.

/**
 * One image's work once it holds a slot, with room to spare: a 49-megapixel PNG costs 1.4 s on an
 * idle core and a camera photo a few seconds of AVIF encoding on a busy machine (decision 019).
 */
export const IMAGE_WORK_BUDGET_MS = 10_000;

/** How long a stopping API waits for uploads under way: the longest wait for a slot, then one image's work. */
export const UPLOAD_DRAIN_MS = IMAGE_WORK_LIMITS.maxWaitMs + IMAGE_WORK_BUDGET_MS;

/**
 * When a stopping process gives up and exits (server.ts, scripts/start.ts): the uploads' bound,
 * plus the 10 s everything else had before (other requests, the job in hand, closing the database).
 */
export const SHUTDOWN_FORCE_EXIT_MS = UPLOAD_DRAIN_MS + 10_000;

/** The uploads under way in this process, and the switch that refuses new ones. */
export class UploadDrain {
  #inFlight = 0;
  #draining = false;
  #waiters: Array<() => void> = [];

  get inFlight(): number {
    return this.#inFlight;
  }

  get draining(): boolean {
    return this.#draining;
  }

  /** Counts an upload in, or refuses it (503, Retry-After) once the process is stopping. Returns its release. */
  admit(): () => void {
    if (this.#draining) {
      throw new AppError('service_unavailable', { retryAfterSeconds: IMAGE_WORK_LIMITS.retryAfterSeconds });
    }
    this.#inFlight += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#inFlight -= 1;
      if (this.#inFlight === 0) for (const wake of this.#waiters.splice(0)) wake();
    };
  }

  /**
   * Refuses new uploads from now on and resolves once those under way have been answered
   * (true), or after `timeoutMs` (false; closing the server then still waits for them until the
   * process's own bound).
   */
  drain(timeoutMs: number = UPLOAD_DRAIN_MS): Promise<boolean> {
    this.#draining = true;
    if (this.#inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref();
      this.#waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

/**
 * Routes marked `config: { upload: true }` are counted from their first byte (before the body
 * is read, so an upload still arriving counts) until their answer is sent or the connection
 * ends, and are refused while the API is stopping.
 */
async function uploadDrain(app: FastifyInstance) {
  const uploads = new UploadDrain();
  app.decorate('uploads', uploads);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.upload !== true) return;
    const release = uploads.admit();
    reply.raw.once('close', release);
  });
}

export default fp(uploadDrain, { name: 'upload-drain', fastify: '5.x' });

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploads under way; `drain()` refuses new ones and waits for these (server.ts close). */
    uploads: UploadDrain;
  }
  interface FastifyContextConfig {
    /** An upload route: counted while under way and refused while the API is stopping. */
    upload?: boolean;
  }
}
