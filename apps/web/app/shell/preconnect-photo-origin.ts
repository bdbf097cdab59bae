import { preconnect } from 'react-dom';

/**
 * Opens the connection to the host of the page's largest-paint photo as soon as the browser reads
 * the document's head (issue 9 "Performance", docs/benchmarks.md 2026-11-26). Photos come from
 * the API's origin (PUBLIC_API_URL/media) or from MEDIA_PUBLIC_URL (a bucket or a CDN), never
 * from the page's own, so the first photo waits for a DNS lookup, a TCP and, over HTTPS, a TLS
 * handshake: up to three round trips on a phone network. React puts the hint into <head> (once
 * per origin, whatever calls it) before the inlined stylesheet and the header, so those round
 * trips overlap the rest of the document instead of following the <img>. No CSP directive
 * governs preconnect hints. A relative URL (same origin) needs none.
 */
export function preconnectPhotoOrigin(src: string | undefined): void {
  if (!src || !/^https?:\/\//.test(src)) return;
  preconnect(new URL(src).origin);
}
