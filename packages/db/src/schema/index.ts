// issue 44 point 3: shared search boards
export * from './boards.ts';
export * from './companies.ts';
export * from './content.ts';
export * from './engagement.ts';
export * from './feeds.ts';
export * from './idempotency.ts';
export * from './lead-threads.ts';
export * from './locations.ts';
export * from './offers.ts';
// Issue 44 point 6 (hidden and recently viewed offers).
export * from './personal-offer-lists.ts';
// Issue 44 point 5 (the price map).
export * from './price-map.ts';
export * from './properties.ts';
export * from './relations.ts';
export * from './scam-flags.ts';
export * from './sellers.ts';
export * from './system.ts';
export * from './translations.ts';
export * from './trust.ts';
export * from './users.ts';
