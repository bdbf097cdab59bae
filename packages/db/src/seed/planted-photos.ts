import sharp from 'sharp';
import { Random } from './random.ts';

// Room pictures for the grouping measurements (issue 43 point 2, docs/decisions/068): a scene is
// smooth colour fields from a seed; a "copy" is the same scene as another seller would post it
// (resized, cropped by a few pixels, brightened, JPEG again at another quality); a "look-alike"
// shares a template with another scene (the same floor plan's room, the same light) and differs
// in what stands in it. Deterministic: the same seeds give the same bytes.

const GRID_WIDTH = 12;
const GRID_HEIGHT = 9;
const WIDTH = 640;
const HEIGHT = 480;

function grid(seed: string): Buffer {
  const random = new Random(seed);
  const cells = Buffer.alloc(GRID_WIDTH * GRID_HEIGHT * 3);
  for (let i = 0; i < cells.length; i++) cells[i] = Math.floor(random.next() * 256);
  return cells;
}

/**
 * A scene of `seed`; with `template`, half of it is that template's (a look-alike of every scene
 * with the same template).
 */
export async function plantedScene(seed: string, template?: string): Promise<Buffer> {
  const own = grid(seed);
  const cells = template
    ? Buffer.from(grid(template).map((value, i) => Math.round(value * 0.55 + (own[i] ?? 0) * 0.45)))
    : own;
  return sharp(cells, { raw: { width: GRID_WIDTH, height: GRID_HEIGHT, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The scene as another seller posts it: resized, a few pixels cropped, a bit brighter, re-encoded. */
export async function plantedCopy(scene: Buffer, seed: string): Promise<Buffer> {
  const random = new Random(`copy:${seed}`);
  const width = 400 + Math.floor(random.next() * 600);
  const crop = Math.floor(random.next() * 8);
  const meta = await sharp(scene).metadata();
  const sceneWidth = meta.width ?? WIDTH;
  const sceneHeight = meta.height ?? HEIGHT;
  const edited = sharp(scene)
    .extract({ left: crop, top: crop, width: sceneWidth - 2 * crop, height: sceneHeight - 2 * crop })
    .resize({ width })
    .modulate({ brightness: 0.92 + random.next() * 0.16 });
  const quality = 55 + Math.floor(random.next() * 35);
  return (random.next() < 0.5 ? edited.jpeg({ quality }) : edited.webp({ quality })).toBuffer();
}
