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
      const encoded = z.encode(schema, data as never);
      if (!isDeepStrictEqual(encoded, data))
        throw new Error(
          `${route.method} ${route.url}: the ${status} body differs from its schema's encoding (a field outside the schema, or a value it converts)`,
        );
      return JSON.stringify(data);
    };
  };
}
