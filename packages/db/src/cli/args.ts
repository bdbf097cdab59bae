import { parseArgs } from 'node:util';

export function cliArgs() {
  return parseArgs({
    options: {
      offers: { type: 'string' },
      seed: { type: 'string' },
      photos: { type: 'string' },
      reset: { type: 'boolean', default: false },
      'if-empty': { type: 'boolean', default: false },
      method: { type: 'string' },
      'data-dir': { type: 'string' },
      'media-dir': { type: 'string' },
      database: { type: 'string' },
      'skip-triggers': { type: 'boolean', default: false },
      prepare: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: false,
  }).values;
}

export function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replaceAll('_', ''));
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a non-negative integer, got ${JSON.stringify(value)}`);
    process.exit(2);
  }
  return n;
}
