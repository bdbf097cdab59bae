// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';

// Error body of every API failure (DESIGN 4, spec 8). `errors` is keyed by field and carries
// message keys (not English sentences) so clients translate them into 30 locales.
export const ErrorCodeSchema = z.enum([
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  // An offer that was public and is no longer shown (withdrawn, or sold or rented long ago;
  // decision 042): HTTP 410, so the page says so and links similar offers.
  'gone',
  'validation_errors',
  'conflict',
  // A write based on an outdated version (If-Match no longer matches the ETag): HTTP 412.
  'precondition_failed',
  // A body in a media type the operation does not parse (HTTP 415, issue 37): not a malformed
  // request, so it has its own code rather than `bad_request`.
  'unsupported_media_type',
  'too_many_requests',
  'internal_error',
  'service_unavailable',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorBodySchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Status label per HTTP status (spec 8). */
export const STATUS_LABELS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  412: 'Precondition Failed',
  415: 'Unsupported Media Type',
  422: 'Validation Error',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
