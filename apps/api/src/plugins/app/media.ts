import { mkdir } from 'node:fs/promises';
import { LocalMediaStorage, type MediaStorage, S3MediaStorage } from '@estately/db/storage';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';

/** The policy of served user files: nothing may load, and the document is sandboxed. */
export const MEDIA_CSP =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox";

/** URL prefix under which the local media folder is served; photo URLs are built on it. */
export const MEDIA_PREFIX = '/media/';

/**
 * The embedded storage: files under DATA_DIR/media, public at PUBLIC_API_URL/media/ (or at
 * MEDIA_PUBLIC_URL, a CDN in front of that path).
 */
export function localMediaStorage(config: Config): LocalMediaStorage {
  return new LocalMediaStorage({
    root: config.mediaDir,
    publicBase: config.mediaPublicUrl ?? `${config.publicApiUrl}/media`,
  });
}

/**
 * The configured storage: the S3-compatible bucket of S3_URL when set, else the local folder.
 * Everything that writes media or builds media URLs takes it from here, so uploads, the seed
 * and e-mails agree on where files are.
 */
export function mediaStorage(config: Config): MediaStorage {
  if (!config.s3) return localMediaStorage(config);
  return new S3MediaStorage({ ...config.s3, publicBase: config.mediaPublicUrl });
}

// The embedded storage keeps photo variants in DATA_DIR/media (DESIGN 6), served here. With
// S3_URL the bucket (or the CDN of MEDIA_PUBLIC_URL) serves them and this API serves no
// /media/ path. A stored object never changes under its key (a new upload gets a new key), so
// browsers and proxies may keep it for a year; S3 objects carry the same Cache-Control.
async function media(app: FastifyInstance, options: { config: Config; storage?: MediaStorage }) {
  const { config } = options;
  const storage = options.storage ?? mediaStorage(config);
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
    // A photo's original waits here only until the job made its variants (issue 38 defect 4); it
    // still carries the camera's metadata (GPS), so it is never served.
    allowedPath: (pathName) => !pathName.endsWith('/original'),
    cacheControl: true,
    maxAge: '365d',
    immutable: true,
    setHeaders: (reply) => {
      // The web app on its own origin embeds these images (<img>), which the API-wide
      // same-origin resource policy would block.
      reply.header('cross-origin-resource-policy', 'cross-origin');
      // User files (issue 11 item 9, OWASP File Upload): even a file a browser were somehow
      // made to open as a page runs nothing and reaches nothing. `sandbox` gives it an opaque
      // origin without scripts, forms or plugins; nosniff keeps it the image type it is stored as.
      reply.header('content-security-policy', MEDIA_CSP);
      reply.header('x-content-type-options', 'nosniff');
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
