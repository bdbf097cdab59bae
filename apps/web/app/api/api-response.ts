// What the API clients (api-client.ts, auth-client.ts) read of an answer, and the fetch they call.
// A standard `Response` and the global `fetch` are both; so are the server's (api-fetch.server.ts),
// which does without the body stream and headers object a `Response` would make for every call.
// Types only: this module reaches the browser.

/** The parts of an answer the clients read: every standard `Response` has them. */
export type ApiResponse = Pick<
  Response,
  'ok' | 'status' | 'statusText' | 'headers' | 'text' | 'json' | 'arrayBuffer'
>;

/** A call as the clients make it: a URL and a text body at most. */
export interface ApiRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** The fetch the clients call: the global one, or one that answers with `ApiResponse`s. */
export type ApiFetch = (url: string, init?: ApiRequestInit) => Promise<ApiResponse>;
