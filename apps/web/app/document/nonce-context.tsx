import { createContext, useContext } from 'react';

// The response's CSP nonce, handed from entry.server.tsx to the <Scripts> of the root layout. In
// the browser it is empty: browsers hide nonce attributes from script, and hydration ignores them.
export const NonceContext = createContext('');

export function useNonce(): string {
  return useContext(NonceContext);
}
