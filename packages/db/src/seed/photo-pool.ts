import type { RoomType } from '@estately/domain';
import sharp from 'sharp';
import type { PhotoVariants } from '../storage/photos.ts';
import { storePhoto } from '../storage/photos.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { Random } from './random.ts';

// A pool of generated photos (DESIGN 5): simple but varied drawings of building exteriors,
// rooms and floor plans, rendered from SVG with sharp and stored with their variants once.
// Offers reference pool entries, so a million offers do not mean millions of files.
// Stored keys derive from the image bytes, so a second seed with the same pool finds the
// files in place and skips rendering.

export type PoolKind = 'house' | 'apartment_building' | 'room' | 'floor_plan';

export type PoolPhoto = {
  index: number;
  kind: PoolKind;
  roomType: RoomType | null;
  storageKey: string;
  variants: PhotoVariants;
  width: number;
  height: number;
  bytes: number;
};

const W = 1920;
const H = 1280;

function hsl(h: number, s: number, l: number): string {
  return `hsl(${Math.round(h)},${Math.round(s)}%,${Math.round(l)}%)`;
}

function sky(r: Random): string {
  const hue = r.float(195, 215);
  const evening = r.bool(0.15);
  const top = evening ? hsl(r.float(15, 35), 70, 60) : hsl(hue, r.float(50, 75), r.float(55, 70));
  const bottom = evening ? hsl(r.float(200, 230), 40, 40) : hsl(hue, 60, r.float(82, 92));
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#sky)"/>`;
}

function clouds(r: Random): string {
  let s = '';
  for (let i = r.int(0, 4); i > 0; i--) {
    const x = r.int(0, W);
    const y = r.int(60, 350);
    const w = r.int(120, 320);
    s += `<ellipse cx="${x}" cy="${y}" rx="${w}" ry="${w / 4}" fill="white" opacity="${r.float(0.5, 0.9).toFixed(2)}"/>`;
  }
  return s;
}

function tree(r: Random, x: number, ground: number): string {
  const h = r.int(160, 360);
  const green = hsl(r.float(90, 140), r.float(35, 60), r.float(25, 40));
  return `<rect x="${x - 10}" y="${ground - h * 0.35}" width="20" height="${h * 0.35}" fill="#6b4a2f"/><ellipse cx="${x}" cy="${ground - h * 0.6}" rx="${h * 0.3}" ry="${h * 0.4}" fill="${green}"/>`;
}

function windowsGrid(
  r: Random,
  x: number,
  y: number,
  w: number,
  h: number,
  cols: number,
  rows: number,
): string {
  let s = '';
  const frame = r.pick(['#ffffff', '#3b3b3b', '#6d4c33', '#d9d9d9']);
  const glass = hsl(r.float(195, 215), 35, r.float(55, 75));
  const cw = w / cols;
  const rh = h / rows;
  for (let c = 0; c < cols; c++) {
    for (let row = 0; row < rows; row++) {
      const ww = cw * 0.55;
      const wh = rh * 0.6;
      const wx = x + c * cw + (cw - ww) / 2;
      const wy = y + row * rh + (rh - wh) / 2;
      s += `<rect x="${wx.toFixed(1)}" y="${wy.toFixed(1)}" width="${ww.toFixed(1)}" height="${wh.toFixed(1)}" fill="${glass}" stroke="${frame}" stroke-width="8"/>`;
    }
  }
  return s;
}

function house(r: Random): string {
  const ground = r.int(900, 1040);
  const w = r.int(700, 1100);
  const h = r.int(320, 480);
  const x = r.int(200, W - w - 200);
  const wall = hsl(r.float(20, 60), r.float(10, 45), r.float(70, 90));
  const roof = hsl(r.float(0, 25), r.float(30, 60), r.float(25, 45));
  const roofH = r.int(180, 320);
  const floors = r.int(1, 2);
  let s = sky(r) + clouds(r);
  s += `<rect y="${ground}" width="${W}" height="${H - ground}" fill="${hsl(r.float(80, 120), 40, r.float(35, 50))}"/>`;
  s += `<rect x="${x}" y="${ground - h}" width="${w}" height="${h}" fill="${wall}"/>`;
  s += `<polygon points="${x - 40},${ground - h} ${x + w / 2},${ground - h - roofH} ${x + w + 40},${ground - h}" fill="${roof}"/>`;
  s += windowsGrid(r, x + 40, ground - h + 30, w - 80, h - 60, r.int(3, 5), floors);
  const door = x + r.int(60, w - 160);
  s += `<rect x="${door}" y="${ground - 200}" width="100" height="200" fill="${hsl(r.float(10, 40), 50, 25)}"/>`;
  if (r.bool(0.6))
    s += `<rect x="${x + w + 60}" y="${ground - 220}" width="${r.int(260, 360)}" height="220" fill="${wall}" opacity="0.9"/>`;
  for (let i = r.int(1, 4); i > 0; i--) s += tree(r, r.int(40, W - 40), ground + 10);
  return s;
}

function apartmentBuilding(r: Random): string {
  const ground = r.int(1000, 1120);
  let s = sky(r) + clouds(r);
  s += `<rect y="${ground}" width="${W}" height="${H - ground}" fill="${hsl(0, 0, r.float(45, 60))}"/>`;
  const blocks = r.int(1, 3);
  let x = r.int(-100, 200);
  for (let b = 0; b < blocks; b++) {
    const w = r.int(500, 900);
    const floors = r.int(3, 12);
    const h = Math.min(ground - 80, floors * r.int(70, 95));
    const wall = hsl(r.float(0, 60), r.float(5, 40), r.float(55, 88));
    s += `<rect x="${x}" y="${ground - h}" width="${w}" height="${h}" fill="${wall}" stroke="${hsl(0, 0, 40)}" stroke-width="4"/>`;
    s += windowsGrid(r, x + 20, ground - h + 20, w - 40, h - 40, r.int(4, 9), floors);
    if (r.bool(0.5)) {
      const bal = hsl(r.float(0, 360), 30, 45);
      for (let f = 1; f < floors; f += 1)
        s += `<rect x="${x + w * 0.3}" y="${ground - (h / floors) * f - 10}" width="${w * 0.4}" height="14" fill="${bal}"/>`;
    }
    x += w + r.int(20, 160);
  }
  for (let i = r.int(0, 3); i > 0; i--) s += tree(r, r.int(40, W - 40), ground + 20);
  return s;
}

function furniture(r: Random, room: RoomType, floorY: number): string {
  const c1 = hsl(r.float(0, 360), r.float(20, 55), r.float(30, 60));
  const c2 = hsl(r.float(0, 360), r.float(10, 40), r.float(60, 85));
  const x = r.int(200, 800);
  switch (room) {
    case 'bedroom':
    case 'kids_room':
      return `<rect x="${x}" y="${floorY - 230}" width="640" height="180" rx="20" fill="${c1}"/><rect x="${x}" y="${floorY - 380}" width="40" height="330" fill="${c1}"/><rect x="${x + 60}" y="${floorY - 280}" width="200" height="70" rx="25" fill="${c2}"/><rect x="${x + 40}" y="${floorY - 250}" width="600" height="60" fill="${c2}" opacity="0.8"/>`;
    case 'kitchen':
    case 'canteen':
      return `<rect x="${x - 100}" y="${floorY - 300}" width="900" height="300" fill="${c1}"/><rect x="${x - 100}" y="${floorY - 320}" width="900" height="30" fill="${c2}"/><rect x="${x - 100}" y="${floorY - 760}" width="900" height="250" fill="${c1}" opacity="0.9"/><circle cx="${x + 200}" cy="${floorY - 340}" r="30" fill="#333"/>`;
    case 'bathroom':
    case 'toilet':
      return `<rect x="${x}" y="${floorY - 220}" width="600" height="220" rx="60" fill="#f4f6f8" stroke="#c8cdd2" stroke-width="6"/><rect x="${x + 700}" y="${floorY - 300}" width="200" height="300" fill="${c2}"/><ellipse cx="${x + 800}" cy="${floorY - 520}" rx="110" ry="140" fill="#dde6ee" stroke="#999" stroke-width="6"/>`;
    case 'balcony':
    case 'terrace':
      return `<rect x="0" y="${floorY - 260}" width="${W}" height="20" fill="#555"/>${Array.from({ length: 24 }, (_, i) => `<rect x="${i * 80 + 20}" y="${floorY - 260}" width="10" height="260" fill="#555"/>`).join('')}<rect x="${x}" y="${floorY - 160}" width="220" height="20" fill="${c1}"/>`;
    default:
      return `<rect x="${x}" y="${floorY - 260}" width="760" height="200" rx="30" fill="${c1}"/><rect x="${x}" y="${floorY - 340}" width="760" height="100" rx="30" fill="${c1}" opacity="0.85"/><rect x="${x + 900}" y="${floorY - 130}" width="300" height="20" fill="${c2}"/><rect x="${x + 260}" y="${floorY - 40}" width="300" height="20" fill="${c2}" opacity="0.6"/>`;
  }
}

function room(r: Random, roomType: RoomType): string {
  const floorY = r.int(880, 1000);
  const wall = hsl(r.float(0, 360), r.float(5, 35), r.float(78, 94));
  const floor = r.bool(0.7)
    ? hsl(r.float(20, 40), r.float(30, 55), r.float(35, 60))
    : hsl(0, 0, r.float(60, 85));
  let s = `<rect width="${W}" height="${H}" fill="${wall}"/><rect y="${floorY}" width="${W}" height="${H - floorY}" fill="${floor}"/>`;
  // The side wall in perspective.
  s += `<polygon points="0,0 220,120 220,${floorY - 40} 0,${floorY + 60}" fill="${wall}" opacity="0.75" stroke="#00000022"/>`;
  const wx = r.int(400, 1300);
  const ww = r.int(260, 520);
  s += `<rect x="${wx}" y="${r.int(160, 260)}" width="${ww}" height="${r.int(360, 480)}" fill="${hsl(r.float(195, 215), 60, r.float(70, 85))}" stroke="white" stroke-width="16"/>`;
  if (r.bool(0.5))
    s += `<rect x="${r.int(250, 1500)}" y="${r.int(250, 400)}" width="${r.int(120, 260)}" height="${r.int(90, 180)}" fill="${hsl(r.float(0, 360), 40, 55)}" stroke="#333" stroke-width="6"/>`;
  s += furniture(r, roomType, floorY);
  if (r.bool(0.6))
    s += `<ellipse cx="${r.int(300, 1600)}" cy="${floorY + 110}" rx="${r.int(200, 380)}" ry="60" fill="${hsl(r.float(0, 360), 30, 50)}" opacity="0.7"/>`;
  return s;
}

function floorPlan(r: Random): string {
  let s = `<rect width="${W}" height="${H}" fill="#ffffff"/>`;
  const x0 = 160;
  const y0 = 140;
  const w = W - 320;
  const h = H - 280;
  s += `<rect x="${x0}" y="${y0}" width="${w}" height="${h}" fill="none" stroke="#222" stroke-width="16"/>`;
  const cols = r.int(2, 4);
  const rows = r.int(1, 2);
  for (let c = 1; c < cols; c++) {
    const x = x0 + (w / cols) * c + r.int(-60, 60);
    s += `<line x1="${x}" y1="${y0}" x2="${x}" y2="${y0 + h}" stroke="#222" stroke-width="10"/>`;
  }
  for (let row = 1; row <= rows; row++) {
    const y = y0 + (h / (rows + 1)) * row + r.int(-50, 50);
    s += `<line x1="${x0}" y1="${y}" x2="${x0 + w * r.float(0.5, 1)}" y2="${y}" stroke="#222" stroke-width="10"/>`;
  }
  for (let i = r.int(3, 7); i > 0; i--) {
    s += `<path d="M ${r.int(x0 + 50, x0 + w - 150)} ${r.int(y0 + 50, y0 + h - 150)} a 90 90 0 0 1 90 90" fill="none" stroke="#888" stroke-width="4"/>`;
  }
  return s;
}

const ROOM_WEIGHTS: readonly (readonly [RoomType, number])[] = [
  ['living_room', 5],
  ['bedroom', 4],
  ['kitchen', 4],
  ['bathroom', 3],
  ['kids_room', 1.5],
  ['balcony', 1],
  ['terrace', 1],
  ['toilet', 0.5],
  ['cloakroom', 0.3],
  ['chamber', 0.3],
  ['cellar', 0.3],
  ['canteen', 0.5],
];

/** What the i-th pool photo shows: exteriors, rooms and some floor plans. */
export function poolPhotoKind(seed: string, index: number): { kind: PoolKind; roomType: RoomType | null } {
  const r = new Random(`pool-kind:${seed}:${index}`);
  const kind = r.weighted<PoolKind>([
    ['house', 2],
    ['apartment_building', 2],
    ['room', 7],
    ['floor_plan', 0.6],
  ]);
  return { kind, roomType: kind === 'room' ? r.weighted(ROOM_WEIGHTS) : null };
}

/** The SVG source of the i-th pool photo. */
export function poolPhotoSvg(seed: string, index: number): string {
  const { kind, roomType } = poolPhotoKind(seed, index);
  const r = new Random(`pool:${seed}:${index}`);
  const body =
    kind === 'house'
      ? house(r)
      : kind === 'apartment_building'
        ? apartmentBuilding(r)
        : kind === 'floor_plan'
          ? floorPlan(r)
          : room(r, roomType ?? 'living_room');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

export type PhotoPoolOptions = {
  size: number;
  seed?: string;
  /** Parallel renders (sharp itself is multi-threaded; 2 keeps memory bounded). */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
};

/** Renders (or finds already stored) the pool photos. */
export async function buildPhotoPool(storage: MediaStorage, options: PhotoPoolOptions): Promise<PoolPhoto[]> {
  const seed = options.seed ?? 'estately';
  const out: PoolPhoto[] = new Array(options.size);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < options.size) {
      const index = next++;
      const { kind, roomType } = poolPhotoKind(seed, index);
      // JPEG as the "upload": this is what a user's camera would send.
      const jpeg = await sharp(Buffer.from(poolPhotoSvg(seed, index)))
        .jpeg({ quality: 85 })
        .toBuffer();
      const stored = await storePhoto(storage, jpeg, {
        prefix: 'seed-photos',
        avifEffort: 0,
        avifQuality: 45,
        skipExisting: true,
      });
      out[index] = { index, kind, roomType, ...stored };
      options.onProgress?.(++done, options.size);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 2 }, worker));
  return out;
}
