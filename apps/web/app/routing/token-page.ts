// Pages opened by the token of an e-mail link, without an account: a buyer's conversation
// (decision 045) and the answer to "still available?" (decision 065). The token in the address
// is the only key, so the page is never indexed, sends no referrer and is never cached.

/** The response headers of a token page. */
export function tokenPageHeaders(): Record<string, string> {
  return {
    'Referrer-Policy': 'no-referrer',
    'X-Robots-Tag': 'noindex',
    'Cache-Control': 'private, no-store',
  };
}

/** The meta tags of a token page with its title (none before its data). */
export function tokenPageMeta(loaderData: { title: string } | undefined) {
  return loaderData
    ? [
        { title: loaderData.title },
        { name: 'robots', content: 'noindex' },
        { name: 'referrer', content: 'no-referrer' },
      ]
    : [];
}
