import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createNonce } from './csp.server.ts';

describe('createNonce', () => {
  it('gives 128 random bits a response, never the same twice, across many pools', () => {
    const nonces = Array.from({ length: 2_000 }, () => createNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    // Not a counter: the bytes differ everywhere, not only at the end.
    expect(new Set(nonces.map((nonce) => nonce.slice(0, 4))).size).toBeGreaterThan(1_900);
  });

  it('is what the policy allows scripts and styles with', () => {
    const nonce = createNonce();
    const policy = contentSecurityPolicy(nonce, 'http://127.0.0.1:3001');
    expect(policy).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
    expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
  });
});

describe('contentSecurityPolicy', () => {
  // Decision 013: no page uses a <base> element, so the policy allows none (issue 37).
  it('allows no <base> element and no plugin', () => {
    const policy = contentSecurityPolicy(createNonce(), 'http://127.0.0.1:3001', 'https://api.maptiler.com');
    const directives = policy.split('; ');
    expect(directives).toContain("base-uri 'none'");
    expect(directives).toContain("object-src 'none'");
    expect(directives.filter((directive) => directive.startsWith('base-uri'))).toHaveLength(1);
  });
});

describe('frame-src', () => {
  // Issue 38 point 13: the offer video embeds the privacy-enhanced players and nothing else.
  it('allows exactly the privacy-enhanced YouTube and Vimeo players', () => {
    const directives = contentSecurityPolicy(createNonce(), 'http://127.0.0.1:3001').split('; ');
    const frames = directives.filter((directive) => directive.startsWith('frame-src'));
    expect(frames).toEqual(['frame-src https://www.youtube-nocookie.com https://player.vimeo.com']);
    expect(frames[0]).not.toMatch(/youtube\.com(?!\S*nocookie)|\*|'self'|https:(?!\/\/)/);
  });
});
