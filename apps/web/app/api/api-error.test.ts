import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFrom, errorToastText, retryAfterSecondsOf } from './api-error.ts';

describe('ApiError of a refused request', () => {
  it('carries the API’s Retry-After in seconds', async () => {
    const response = new Response(JSON.stringify({ code: 'too_many_requests' }), {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '37' },
    });
    const error = await apiErrorFrom(response);
    expect(error.status).toBe(429);
    expect(error.code).toBe('too_many_requests');
    expect(error.retryAfterSeconds).toBe(37);
    expect((await apiErrorFrom(new Response(null, { status: 500 }))).retryAfterSeconds).toBeNull();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-12-03T10:00:00Z');
    expect(retryAfterSecondsOf('120', now)).toBe(120);
    expect(retryAfterSecondsOf('Thu, 03 Dec 2026 10:00:30 GMT', now)).toBe(30);
    expect(retryAfterSecondsOf('Thu, 03 Dec 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterSecondsOf('soon', now)).toBeNull();
    expect(retryAfterSecondsOf(null, now)).toBeNull();
  });

  it('is told as the wait, never in the API’s own words, when a text for it is given', () => {
    const error = new ApiError({ status: 429, serverMessage: 'Rate limit exceeded', retryAfterSeconds: 9 });
    expect(errorToastText(error, { tooManyRequests: (seconds) => `wait ${seconds}` })).toBe('wait 9');
    expect(
      errorToastText(new ApiError({ status: 429 }), { tooManyRequests: (seconds) => `wait ${seconds}` }),
    ).toBe('wait 60');
  });
});
