export * from './contracts/errors.ts';
export * from './contracts/health.ts';
export * from './contracts/offers.ts';
export * from './currencies.ts';
export * from './locales.ts';
export * from './value-sets.ts';
