import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openFeedFile } from '../../../../src/features/feeds/formats/open-feed-file.ts';
import { useFeedFiles } from '../fixtures/feed-files.ts';
import { immobilie, openImmoDocument } from '../fixtures/openimmo-samples.ts';

// The collector, for readings of the live heap (node:v8's flag; exposing it changes nothing else).
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

// A feed of about 200 MB streamed whole: the heap must stay far below the file's size, as
// the reader holds one listing at a time (issue 42: "a 200 MB feed must not be held in
// memory at once").

const LISTINGS = 96_000;
const MIB = 1024 * 1024;

const files = useFeedFiles();
let path: string;

function listing(index: number): string {
  // About 2.2 KB each, every one different, so nothing is shared between listings.
  const text = `Listing ${index}: ${'Helle Wohnung mit Balkon und Blick ins Grüne. '.repeat(20)}`;
  return immobilie({
    id: `BIG-${index}`,
    freitexte: `<objekttitel>Wohnung ${index}</objekttitel><objektbeschreibung>${text}</objektbeschreibung>`,
    preise: `<kaufpreis>${100_000 + index}</kaufpreis><waehrung iso_waehrung="EUR"/>`,
  });
}

async function* document(): AsyncGenerator<string> {
  const [head = '', tail = ''] = openImmoDocument(['@@LISTINGS@@']).split('@@LISTINGS@@');
  yield head;
  for (let start = 0; start < LISTINGS; start += 500) {
    const batch: string[] = [];
    for (let index = start; index < Math.min(start + 500, LISTINGS); index += 1) batch.push(listing(index));
    yield batch.join('\n');
  }
  yield tail;
}

beforeAll(async () => {
  path = files.path('large.xml');
  await pipeline(Readable.from(document()), createWriteStream(path));
}, 120_000);

describe('a 200 MB OpenImmo feed', () => {
  it('streams with the heap far below the file size, within minutes', async () => {
    const { size } = await stat(path);
    expect(size).toBeGreaterThan(190 * MIB);
    const started = Date.now();
    // The live heap: garbage collected before each reading, so what is counted is what the
    // reader holds, not what the collector has not reached yet (which depends on the heap the
    // worker already has: the API project's files share one).
    const liveHeap = () => {
      collectGarbage();
      return process.memoryUsage().heapUsed;
    };
    const baseline = liveHeap();
    let peak = baseline;
    let count = 0;
    const feed = await openFeedFile({ path, format: 'openimmo' });
    for await (const item of feed.items()) {
      if (item.kind === 'listing') count += 1;
      if (item.position % 4000 === 0) peak = Math.max(peak, liveHeap());
    }
    await feed.close();
    const seconds = (Date.now() - started) / 1000;
    expect(count).toBe(LISTINGS);
    // What the reader holds: a small fraction of the file (it held none of it whole; a document
    // tree of it would take several times its size).
    console.log(
      `live heap peak over the baseline: ${((peak - baseline) / MIB).toFixed(1)} MiB of a ${(size / MIB).toFixed(0)} MiB feed`,
    );
    expect(peak - baseline).toBeLessThan(size / 4);
    expect(seconds).toBeLessThan(240);
  }, 300_000);
});
