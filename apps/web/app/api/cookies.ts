// Reading and writing one cookie, the same way on the server (Cookie and Set-Cookie headers) and in
// the browser (document.cookie). Apart from tokens.ts: the header's currency and locale switchers
// write cookies in every page's first load, which the token stores are not part of.

/** One Set-Cookie / document.cookie value: site-wide, SameSite=Lax, Secure over https (spec 9). */
export function serializeCookie(name: string, value: string, maxAge: number, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Value of one cookie from a Cookie header (or document.cookie), or null. */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    if (raw === '') return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}
