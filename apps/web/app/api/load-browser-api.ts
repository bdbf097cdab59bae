import type { ApiClient } from './api-client.ts';

/**
 * The browser's API client (browser-api.ts), fetched with its first use: pages call the API from
 * the browser only when the visitor acts (a favourite, a form, a suggestion), so the client and its
 * token refresh are not part of any page's first load.
 */
export async function loadBrowserApi(apiUrl: string): Promise<ApiClient> {
  return (await import('./browser-api.ts')).browserApi(apiUrl);
}
