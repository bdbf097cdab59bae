export * from './local-storage.ts';
export * from './photo-hash.ts';
export * from './photos.ts';
export * from './s3-storage.ts';
export * from './storage.ts';
