import { config } from 'zod';

// Evaluated before any schema of this package is built (the first import of index.ts). zod 4
// compiles object parsers with `new Function` when it may, and probes for that while building
// each object schema. The web's Content-Security-Policy forbids eval (no 'unsafe-eval'): the
// probe's error is caught, but browsers still report a CSP violation for it. In browsers the
// schemas therefore run without that JIT; Node (the API, the web's loaders) keeps it.
if (typeof window !== 'undefined' && typeof document !== 'undefined') config({ jitless: true });
