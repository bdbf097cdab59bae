import { ApiError, apiErrorFrom } from '../../api/api-error.ts';
import type { WebConfig } from '../../config.server.ts';
import { SSR_API_TIMEOUT_MS } from '../../request-state.server.ts';

/**
 * One call of the authentication client of spec 7: no bearer token and no refresh on a 401 (a
 * wrong password answers 401, which must not spend the visitor's refresh token). The visitor is
 * named (`identity`: request-state.server.ts visitorHeaders) and their agent forwarded, so the
 * API's per-visitor limits and security log see the person, not this server.
 */
export async function authCall<T>(
  config: WebConfig,
  request: Request,
  identity: Record<string, string>,
  path: string,
  body: unknown,
  locale: string,
): Promise<T> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'accept-language': locale,
    ...identity,
  };
  const agent = request.headers.get('user-agent');
  if (agent) headers['user-agent'] = agent;
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(SSR_API_TIMEOUT_MS * 2),
    });
  } catch {
    throw new ApiError({ status: 0 });
  }
  if (!response.ok) throw await apiErrorFrom(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
