export * from './local-storage.ts';
export * from './photos.ts';
export * from './storage.ts';
