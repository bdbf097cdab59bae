import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';

/** URL prefix under which the local media folder is served; photo URLs are built on it. */
export const MEDIA_PREFIX = '/media/';

/** Absolute URL of a stored media object, for clients on other origins (the web app). */
export function mediaUrl(publicApiUrl: string, storageKey: string): string {
  const key = storageKey.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/');
  return `${publicApiUrl}${MEDIA_PREFIX}${key}`;
}

// The embedded storage writes photo variants into DATA_DIR/media (DESIGN 6); production puts
// them in S3-compatible storage behind a CDN instead. A stored object never changes under its
// key (a new upload gets a new key), so browsers and proxies may keep it for a year.
async function media(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;
  await mkdir(config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.mediaDir,
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
