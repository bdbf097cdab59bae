import { mkdir } from 'node:fs/promises';
import { LocalMediaStorage, type MediaStorage } from '@estately/db/storage';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';

/** URL prefix under which the local media folder is served; photo URLs are built on it. */
export const MEDIA_PREFIX = '/media/';

/** The embedded storage: files under DATA_DIR/media, public at PUBLIC_API_URL/media/. */
export function localMediaStorage(config: Config): LocalMediaStorage {
  return new LocalMediaStorage({ root: config.mediaDir, publicBase: `${config.publicApiUrl}/media` });
}

// The embedded storage keeps photo variants in DATA_DIR/media (DESIGN 6), served here;
// production may hand in S3-compatible storage whose URLs point elsewhere (a CDN). A stored
// object never changes under its key (a new upload gets a new key), so browsers and proxies
// may keep it for a year.
async function media(app: FastifyInstance, options: { config: Config; storage?: MediaStorage }) {
  const { config } = options;
  const storage = options.storage ?? localMediaStorage(config);
  app.decorate('storage', storage);
  if (!(storage instanceof LocalMediaStorage)) return;

  await mkdir(storage.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: true,
    maxAge: '365d',
    immutable: true,
    setHeaders: (reply) => {
      // The web app on its own origin embeds these images (<img>), which the API-wide
      // same-origin resource policy would block.
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
}

export default fp(media, { name: 'media', fastify: '5.x' });

declare module 'fastify' {
  interface FastifyInstance {
    /** Where media files are stored and how their public URLs are built. */
    storage: MediaStorage;
  }
}
