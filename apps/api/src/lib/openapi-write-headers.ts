// Response headers of conditional and idempotent writes in the OpenAPI document (issue 11
// item 10). Request headers come from the routes' `headers` schemas; the answers' headers have
// no place in a zod response schema, so they are added here from those request headers: an
// operation that takes `If-Match` answers with `ETag` (and may answer 412), one that takes
// `Idempotency-Key` may mark a replay with `Idempotent-Replayed`.

type Json = Record<string, unknown>;

const ETAG = {
  description: 'The version of the property (a strong entity tag): send it back in `If-Match`.',
  schema: { type: 'string' },
};
const REPLAYED = {
  description: 'Present (`true`) when the answer is the stored answer of an earlier request with this key.',
  schema: { type: 'string', enum: ['true'] },
};

function headerNames(operation: Json): Set<string> {
  const parameters = Array.isArray(operation.parameters) ? (operation.parameters as Json[]) : [];
  return new Set(
    parameters
      .filter((p) => p.in === 'header' && typeof p.name === 'string')
      .map((p) => String(p.name).toLowerCase()),
  );
}

/** Adds `ETag` and `Idempotent-Replayed` to the success answers of the operations that take the matching request header. */
export function documentWriteHeaders<T>(document: T): T {
  const paths = (document as Json).paths as Record<string, Record<string, Json>> | undefined;
  for (const item of Object.values(paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (!operation || typeof operation !== 'object') continue;
      const names = headerNames(operation);
      const added: Json = {};
      if (names.has('if-match')) added.ETag = ETAG;
      if (names.has('idempotency-key')) added['Idempotent-Replayed'] = REPLAYED;
      if (Object.keys(added).length === 0) continue;
      const responses = (operation.responses ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(responses)) {
        if (!status.startsWith('2') || !response || typeof response !== 'object') continue;
        response.headers = { ...((response.headers as Json | undefined) ?? {}), ...added };
      }
    }
  }
  return document;
}
