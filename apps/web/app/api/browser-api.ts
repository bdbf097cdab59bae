import { type ApiClient, createApiClient } from './api-client.ts';
import { createAuthClient } from './auth-client.ts';
import { browserTokenStore } from './tokens.ts';

// The browser's single API client: one per page, so its refresh queue covers every request the
// page makes (spec 4). Server loaders make theirs per request (request-state.server.ts).

let client: { apiUrl: string; api: ApiClient } | null = null;

export function browserApi(apiUrl: string): ApiClient {
  if (!client || client.apiUrl !== apiUrl) {
    client = {
      apiUrl,
      api: createApiClient({
        baseUrl: apiUrl,
        tokens: browserTokenStore(),
        auth: createAuthClient({ baseUrl: apiUrl }),
      }),
    };
  }
  return client.api;
}
