// What the access log writes of a request's path (WEB_ACCESS_LOG). The query is left out (a
// search's words, a return address); so are the secrets some paths carry: the token of an e-mail
// confirmation or a password reset, and the token of a buyer's conversation link, which open
// an account or a conversation to whoever holds them.

import { matchPath } from '@estately/domain';

/** A buyer's side of a conversation (routing/leads-paths.ts buyerThreadPath): `/{locale}/messages/{token}`. */
const BUYER_THREAD = /^(\/[^/]+\/messages\/)[^/]+/;

/** The "still available?" links (routing/availability-paths.ts): `/{locale}/availability/{token}`. */
const AVAILABILITY_LINK = /^(\/[^/]+\/availability\/)[^/]+/;

export function loggedPath(pathname: string): string {
  const thread = BUYER_THREAD.exec(pathname) ?? AVAILABILITY_LINK.exec(pathname);
  if (thread) return `${thread[1]}:token${pathname.slice(thread[0].length)}`;
  // Screens with a token (authConfirmEmail, authResetPassword) end with it.
  if (matchPath(pathname)?.params.token !== undefined) {
    return pathname.replace(/\/[^/]+\/?$/, '/:token');
  }
  return pathname;
}
