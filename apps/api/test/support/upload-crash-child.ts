// A child process of media-sweep.test.ts: stores photos through the API's own operations, then
// starts two more uploads (a property photo and a new profile picture) whose database
// transactions never begin, says so on stdout, and waits to be killed with SIGKILL. Their files
// are then in the storage with no row pointing at them: what a crash between the two steps of
// an upload leaves. Nothing here is imported by the product.
//
//   CRASH_DATA  JSON: { db: { dataDir } | { url }, storage: { root } | S3StorageOptions,
//               userId, propertyId }

import { tmpdir } from 'node:os';
import { createDatabase, type Db } from '@estately/db';
import {
  LocalMediaStorage,
  type MediaStorage,
  S3MediaStorage,
  type S3StorageOptions,
} from '@estately/db/storage';
import sharp from 'sharp';
import { loadConfig } from '../../src/config.ts';
import { savePropertyMedia } from '../../src/features/seller-properties/save-property-media.ts';
import { saveProfilePicture } from '../../src/features/users/save-profile-picture.ts';

interface CrashData {
  db: { dataDir: string } | { url: string };
  storage: { root: string } | S3StorageOptions;
  userId: number;
  propertyId: number;
}

const data = JSON.parse(process.env.CRASH_DATA ?? '{}') as CrashData;
const handle = await createDatabase('url' in data.db ? { url: data.db.url } : { dataDir: data.db.dataDir });
const storage: MediaStorage =
  'root' in data.storage
    ? new LocalMediaStorage({ root: data.storage.root })
    : new S3MediaStorage(data.storage);
const actor = { id: data.userId, isAdmin: false };
const { accountLimits: limits } = loadConfig({ NODE_ENV: 'test', DATA_DIR: tmpdir() });

const image = (background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();

// Committed uploads: their files must survive the sweep.
const kept = await savePropertyMedia({
  db: handle.db,
  storage,
  actor,
  propertyId: data.propertyId,
  roomType: null,
  limits,
  image: await image('#336699'),
});
await saveProfilePicture({ db: handle.db, storage, userId: data.userId, image: await image('#993366') });
process.stdout.write(`committed ${kept.id}\n`);

// The same database, except that a transaction never begins: the upload stops right after
// writing its files, where a crash would find it.
const stalled = new Proxy(handle.db, {
  get(target, property) {
    if (property === 'transaction') {
      return () => {
        process.stdout.write('paused\n');
        return new Promise(() => {});
      };
    }
    const value = Reflect.get(target, property, target) as unknown;
    return typeof value === 'function' ? value.bind(target) : value;
  },
}) as Db;
void savePropertyMedia({
  db: stalled,
  storage,
  actor,
  propertyId: data.propertyId,
  roomType: null,
  limits,
  image: await image('#669933'),
});
void saveProfilePicture({ db: stalled, storage, userId: data.userId, image: await image('#339966') });
// Kept alive until killed.
setInterval(() => {}, 60_000);
