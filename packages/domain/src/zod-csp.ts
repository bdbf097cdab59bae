import { config } from 'zod';

// Imported first by every module of this package that builds schemas, so it is evaluated before
// any schema is built, and only where schemas are (a page that uses none loads no zod). zod 4
// compiles object parsers with `new Function` when it may, and probes for that while building
// each object schema. The web's Content-Security-Policy forbids eval (no 'unsafe-eval'): the
// probe's error is caught, but browsers still report a CSP violation for it. In browsers the
// schemas therefore run without that JIT; Node (the API, the web's loaders) keeps it.
if (typeof window !== 'undefined' && typeof document !== 'undefined') config({ jitless: true });
