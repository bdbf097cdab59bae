import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

// The API's default serializer encodes every response through its zod schema (a full
// validation) before JSON.stringify: for a search page of 25 cards that is some 0.4 ms of
// CPU, six times the stringify itself. The hot public reads (search, facets, map, offer
// detail, similar offers) build their answers field by field from typed rows, so their 2xx
// bodies are stringified as they are. Under NODE_ENV=test every such body is still encoded
// through its schema and must come out unchanged (no extra field, no value the schema would
// convert or reject), so the test suites prove the shortcut changes nothing; error bodies
// always take the default path (docs/decisions/012).

type Compiler = FastifySerializerCompiler<unknown>;

/** A route's serializer compiler: plain JSON.stringify for 2xx bodies, checked under tests. */
export function trustedSerializer(options: { check: boolean }): Compiler {
  return (route) => {
    const status = String(route.httpStatus ?? '');
    if (!/^2/.test(status)) return (serializerCompiler as unknown as Compiler)(route);
    if (!options.check) return (data) => JSON.stringify(data);
    const schema = route.schema as ZodType;
    return (data) => {
      assertEncodesUnchanged(schema, data, `${route.method} ${route.url}: the ${status} body`);
      return JSON.stringify(data);
    };
  };
}

/**
 * A 2xx body encoded once into UTF-8 JSON, for answers kept in memory and sent as they are
 * (a Buffer skips the serializer): stringifying and encoding a 30 KB search page on every
 * request cost more than finding it. Checked against its schema under tests, as above.
 */
export function encodeBody(
  schema: ZodType,
  data: unknown,
  options: { check: boolean; label: string },
): Buffer {
  if (options.check) assertEncodesUnchanged(schema, data, options.label);
  return Buffer.from(JSON.stringify(data));
}

/**
 * Sends a body from `encodeBody` as it is: a Buffer skips the serializer, so the route's
 * typed reply (which expects the schema's object) is addressed untyped here, once.
 */
export function sendEncoded<Reply extends { type(contentType: string): unknown }>(
  reply: Reply,
  body: Buffer,
): Reply {
  (reply.type('application/json; charset=utf-8') as { send(payload: Buffer): unknown }).send(body);
  return reply;
}

function assertEncodesUnchanged(schema: ZodType, data: unknown, label: string): void {
  const encoded = z.encode(schema, data as never);
  if (!isDeepStrictEqual(encoded, data))
    throw new Error(
      `${label} differs from its schema's encoding (a field outside the schema, or a value it converts)`,
    );
}
