// Who a request to the API is for (docs/decisions/041): the web server renders pages for many
// visitors over its own connections, so it names the visitor of each call in a header. The API
// believes that header only next to the shared internal token (INTERNAL_API_TOKEN); from anyone
// else both are ignored and the connection's own address counts.

/** The shared secret of the web tier; a call without it is a browser's or a script's. */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/**
 * The visitor's address as the web server saw it (the socket's, or the left-most untrusted
 * X-Forwarded-For entry behind WEB_TRUST_PROXY). A call with the internal token and without
 * this header is the web server's own (a featured list, a redirect lookup, a cache renewal):
 * no visitor's budget is charged for it.
 */
export const VISITOR_ADDRESS_HEADER = 'x-visitor-address';
