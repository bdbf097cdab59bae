import {
  type ClientRequest,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * The `fetch` of the web server's calls to the API while it renders a page: the few parts of
 * fetch the API clients use (method, headers, a text body, an abort signal), on Node's own HTTP
 * client with kept-alive connections, and a time limit of its own. The answer is a standard
 * `Response` holding the whole body. Node's global fetch cost about 0.6 ms of CPU a call here,
 * a twelfth of a rendered results page, most of it in machinery a JSON call to our own API does
 * not need (web streams for the body, `AbortSignal.any` with a timer signal a call);
 * docs/decisions/031.
 */
export function createApiFetch(timeoutMs: number): typeof fetch {
  const agents = {
    'http:': new HttpAgent({ keepAlive: true }),
    'https:': new HttpsAgent({ keepAlive: true }),
  };
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (input instanceof Request || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
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
      new Headers(init?.headers).forEach((value, name) => {
        headers[name] = value;
      });
      if (body) headers['content-length'] = String(Buffer.byteLength(body));
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const agent = agents[url.protocol];
      let req: ClientRequest;
      let settled = false;
      const finish = (error: unknown, response?: Response) => {
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
            const answer = new Headers();
            const raw = res.rawHeaders;
            for (let i = 0; i + 1 < raw.length; i += 2) answer.append(raw[i] as string, raw[i + 1] as string);
            const status = res.statusCode ?? 502;
            // A null-body status carries no body in a Response.
            const content = status === 204 || status === 205 || status === 304 ? null : Buffer.concat(chunks);
            finish(
              null,
              new Response(content, { status, statusText: res.statusMessage ?? '', headers: answer }),
            );
          });
        });
        req.end(body ?? undefined);
      };
      attempt(method === 'GET' || method === 'HEAD');
    });
}
