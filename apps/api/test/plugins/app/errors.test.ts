import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../../src/lib/app-error.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';

// The central error handler (DESIGN 4, spec 8, CONVENTIONS habit 11), exercised through
// routes registered only for this test.
describe('error handler', () => {
  let api: TestApi;
  const logged: string[] = [];

  beforeAll(async () => {
    api = await buildTestApi({}, (app) => {
      app.get('/test/app-error', async () => {
        throw new AppError('forbidden');
      });
      app.get('/test/app-error-custom', async () => {
        throw new AppError('conflict', { message: 'Offer already reported' });
      });
      app.get('/test/crash', async (request) => {
        request.log.error = ((...args: unknown[]) => {
          logged.push(JSON.stringify(args, (_k, v) => (v instanceof Error ? v.message : v)));
        }) as typeof request.log.error;
        throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
      });
      app.post(
        '/test/body',
        {
          schema: {
            body: z.object({
              email: z.email(),
              price: z.object({ min: z.number().positive(), currency: z.string().length(3) }),
              radius: z.number().max(100, 'filters.radius_max'),
              page: z.number().int().min(1),
              rooms: z.number(),
              free_from: z.iso.date(),
              verified: z.boolean(),
            }),
          },
        },
        async () => ({ ok: true }),
      );
      app.get(
        '/test/bad-response',
        { schema: { response: { 200: z.object({ n: z.number() }) } } },
        async () => {
          return { n: 'not a number' } as unknown as { n: number };
        },
      );
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('maps an AppError to its status and body', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/test/app-error' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', message: 'Forbidden' });
    const custom = await api.app.inject({ method: 'GET', url: '/test/app-error-custom' });
    expect(custom.statusCode).toBe(409);
    expect(custom.json()).toEqual({ code: 'conflict', message: 'Offer already reported' });
  });

  it('answers an unexpected error with a bare 500 and leaks nothing', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'internal_error', message: 'Internal Server Error' });
    expect(response.body).not.toContain('ECONNREFUSED');
    expect(response.body).not.toContain('hunter2');
    // ...but the operator sees it in the log.
    expect(logged.join('\n')).toContain('ECONNREFUSED');
  });

  it('answers a response that breaks its own schema with a bare 500', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/test/bad-response' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'internal_error', message: 'Internal Server Error' });
  });

  it('answers invalid bodies with 422 validation_errors keyed by field, with message keys', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/test/body',
      payload: {
        email: 'nope',
        price: { min: -1, currency: 'EURO' },
        radius: 500,
        page: 0,
        rooms: 'three',
        free_from: '2026-13-45',
        verified: 'yes',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'validation_errors',
      message: 'Validation Error',
      errors: {
        email: ['validation.invalid_value'],
        'price.min': ['validation.number_not_positive'],
        'price.currency': ['validation.invalid_value'],
        radius: ['filters.radius_max'],
        page: ['validation.number_too_small'],
        rooms: ['validation.invalid_number'],
        free_from: ['validation.invalid_date'],
        verified: ['validation.invalid_boolean'],
      },
    });
  });

  it('answers malformed JSON with 400 bad_request', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/test/body',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'bad_request', message: 'Bad Request' });
  });

  // Issue 37: a 415 is not a malformed request; clients tell it apart by its own code.
  it('answers a body of a media type no parser takes with 415 unsupported_media_type', async () => {
    for (const contentType of ['text/csv', 'text/plain', 'application/xml']) {
      const response = await api.app.inject({
        method: 'POST',
        url: '/test/body',
        headers: { 'content-type': contentType },
        payload: 'a,b',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ code: 'unsupported_media_type', message: 'Unsupported Media Type' });
    }
  });

  it('keeps the status of other client errors with a generic message', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/test/body',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'bad_request', message: 'Payload Too Large' });
  });
});
