import { ErrorBodySchema } from '@estately/domain';

// What every admin route's OpenAPI entry says about who may call it, and the error answers they
// share (moderation, the redirects table, the scam review queue).

export const ADMIN_NOTE =
  'Admins only: `Authorization: Bearer <access token>` of an account with isAdmin (401 without a valid token, 403 `forbidden` for other accounts).';

export const ADMIN_ERRORS = {
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  422: ErrorBodySchema,
  500: ErrorBodySchema,
};
