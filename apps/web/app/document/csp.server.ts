import { randomBytes } from 'node:crypto';
import { VIDEO_FRAME_ORIGINS } from '@estately/domain';

const NONCE_BYTES = 16;
// Random bytes are drawn 256 nonces at a time: one call to the CSPRNG instead of one a page.
// Each nonce still takes 16 bytes of its own, never used for another.
const POOL_BYTES = NONCE_BYTES * 256;
let pool = Buffer.alloc(0);
let taken = POOL_BYTES;

/** A fresh nonce for one response: 128 random bits (CSP Level 3 asks for at least that). */
export function createNonce(): string {
  if (taken + NONCE_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    taken = 0;
  }
  const nonce = pool.toString('base64', taken, taken + NONCE_BYTES);
  taken += NONCE_BYTES;
  return nonce;
}

/**
 * The page's Content-Security-Policy: scripts only with this response's nonce ('strict-dynamic'
 * lets the hydration modules load their own chunks), styles from our origin or the page's nonced
 * <style>, fonts from our origin, images
 * also from the API's media and the photo host (`mediaOrigin`: a CDN or a bucket), calls to our
 * origin and the API. No plugin, no framing by others,
 * no <base> hijack, forms post only here. The results map (decision 016) runs MapLibre's worker
 * from our own script file (`worker-src 'self'`, no blob:) and fetches the tiles of a street
 * basemap from `mapOrigin`: the host of the PMTiles file (byte ranges), or MapTiler's style,
 * tiles, glyphs and sprites with a MapTiler key.
 */
export function contentSecurityPolicy(
  nonce: string,
  publicApiUrl: string,
  mapOrigin: string | null = null,
  mediaOrigin: string | null = null,
): string {
  const api = new URL(publicApiUrl).origin;
  const map = mapOrigin ? ` ${mapOrigin}` : '';
  const media = mediaOrigin && mediaOrigin !== api ? ` ${mediaOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // The page's own <style> (shell/inline-styles.tsx) carries the nonce; style attributes stay barred.
    `style-src 'self' 'nonce-${nonce}'`,
    `img-src 'self' data: ${api}${media}${map}`,
    "font-src 'self'",
    `connect-src 'self' ${api}${map}`,
    "worker-src 'self'",
    // The offer video's privacy-enhanced players, loaded only after the visitor presses play
    // (issue 38 point 13): exactly these two origins, nothing else may be framed.
    `frame-src ${VIDEO_FRAME_ORIGINS.join(' ')}`,
    "object-src 'none'",
    // No page has a <base> element (links resolve against the page's own URL), so none may be
    // added: an injected <base> would repoint every relative script and link (decision 013).
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
