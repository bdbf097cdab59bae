import {
  type ClientRequest,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { ApiFetch, ApiResponse } from './api-response.ts';

/**
 * An answer of the API, its body read whole: what the clients read of a `Response`, without the
 * body stream and the validated headers object a `Response` makes on every call (about 3 % of a
 * rendered results page, decision 034). The headers object is made if it is asked for.
 */
class ApiAnswer implements ApiResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly #rawHeaders: readonly string[];
  readonly #body: Buffer | null;
  #headers: Headers | null = null;

  constructor(status: number, statusText: string, rawHeaders: readonly string[], body: Buffer | null) {
    this.status = status;
    this.statusText = statusText;
    this.ok = status >= 200 && status <= 299;
    this.#rawHeaders = rawHeaders;
    this.#body = body;
  }

  get headers(): Headers {
    if (!this.#headers) {
      const headers = new Headers();
      const raw = this.#rawHeaders;
      for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
      this.#headers = headers;
    }
    return this.#headers;
  }

  async text(): Promise<string> {
    return this.#body ? this.#body.toString('utf8') : '';
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const body = this.#body ?? Buffer.alloc(0);
    return body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer;
  }
}

/**
 * The fetch of the web server's calls to the API while it renders a page: the few parts of
 * fetch the API clients use (method, headers, a text body, an abort signal), on Node's own HTTP
 * client with kept-alive connections, and a time limit of its own. The answer holds the whole
 * body (`ApiAnswer`). Node's global fetch cost about 0.6 ms of CPU a call here, a twelfth of a
 * rendered results page, most of it in machinery a JSON call to our own API does not need (web
 * streams for the body, `AbortSignal.any` with a timer signal a call); docs/decisions/031.
 */
export function createApiFetch(timeoutMs: number): ApiFetch {
  const agents = {
    'http:': new HttpAgent({ keepAlive: true }),
    'https:': new HttpsAgent({ keepAlive: true }),
  };
  return (input, init) =>
    new Promise<ApiResponse>((resolve, reject) => {
      const url = new URL(input);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        reject(new TypeError(`createApiFetch: unsupported request ${url.href}`));
        return;
      }
      const signal = init?.signal ?? null;
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const body = init?.body;
      if (body !== undefined && body !== null && typeof body !== 'string') {
        reject(new TypeError('createApiFetch: only text bodies are sent'));
        return;
      }
      const method = init?.method ?? 'GET';
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(init?.headers ?? {})) headers[name.toLowerCase()] = value;
      if (body) headers['content-length'] = String(Buffer.byteLength(body));
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const agent = agents[url.protocol];
      let req: ClientRequest;
      let settled = false;
      const finish = (error: unknown, response?: ApiResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (response) resolve(response);
        else {
          req.destroy();
          reject(error);
        }
      };
      const onAbort = () => finish(signal?.reason);
      const timer = setTimeout(
        () => finish(new DOMException(`The API did not answer within ${timeoutMs} ms`, 'TimeoutError')),
        timeoutMs,
      );
      signal?.addEventListener('abort', onAbort, { once: true });

      const attempt = (mayRetry: boolean) => {
        req = send(url, { method, headers, agent });
        let answered = false;
        req.on('error', (error: NodeJS.ErrnoException) => {
          // A kept-alive connection the API closed just as this request went out: a GET or HEAD
          // is sent again, once, on a new connection (nothing of it can have been acted on).
          const closedUnderIt = error.code === 'ECONNRESET' || error.code === 'EPIPE';
          if (mayRetry && !answered && !settled && req.reusedSocket && closedUnderIt) attempt(false);
          else finish(error);
        });
        req.on('response', (res: IncomingMessage) => {
          answered = true;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (error) => finish(error));
          res.on('close', () => {
            if (!res.complete) finish(new Error('The API closed the connection before its answer ended'));
          });
          res.on('end', () => {
            const status = res.statusCode ?? 502;
            // A null-body status carries no body, as in a Response.
            const content = status === 204 || status === 205 || status === 304 ? null : Buffer.concat(chunks);
            finish(null, new ApiAnswer(status, res.statusMessage ?? '', res.rawHeaders, content));
          });
        });
        req.end(body ?? undefined);
      };
      attempt(method === 'GET' || method === 'HEAD');
    });
}
