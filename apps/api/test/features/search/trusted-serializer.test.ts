import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trustedSerializer } from '../../../src/features/search/trusted-serializer.ts';

// The hot public reads stringify their 2xx bodies as built; under tests each body is encoded
// through its schema and must come out unchanged (trusted-serializer.ts).

const Body = z.object({ id: z.number().int(), city: z.string(), price: z.number().nullable() });

async function serve(check: boolean, body: unknown, status: 200 | 404 = 200) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get(
    '/thing',
    {
      serializerCompiler: trustedSerializer({ check }),
      schema: { response: { 200: Body, 404: z.object({ error: z.string() }) } },
    },
    async (_request, reply) => reply.code(status).send(body),
  );
  const response = await app.inject({ url: '/thing' });
  await app.close();
  return response;
}

describe('trustedSerializer', () => {
  it('answers a body that matches its schema unchanged, checked or not', async () => {
    for (const check of [true, false]) {
      const response = await serve(check, { id: 7, city: 'Brno', price: null });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('{"id":7,"city":"Brno","price":null}');
    }
  });

  it('under the check refuses a field outside the schema or a value of the wrong type', async () => {
    expect((await serve(true, { id: 7, city: 'Brno', price: 1, email: 'x@example.com' })).statusCode).toBe(
      500,
    );
    expect((await serve(true, { id: 7, city: 'Brno', price: '1' })).statusCode).toBe(500);
  });

  it('serializes other statuses through the schema as before (unknown fields dropped)', async () => {
    const response = await serve(false, { error: 'not_found', secret: 'x' }, 404);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found' });
  });
});
