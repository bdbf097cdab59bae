import type { RouterContextProvider } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { requestApi } from '../../request-state.server.ts';

// What the account screens' loaders and action share. Each calls the API as the signed-in user
// through the request's client (a refreshed token reaches the browser as Set-Cookie) and shapes
// what the screen shows; the rules themselves are the API's and the shared contracts'.

export type Context = Readonly<RouterContextProvider>;

export function api(context: Context, request: Request) {
  return requestApi(context, request, context.get(webConfigContext)).client;
}
