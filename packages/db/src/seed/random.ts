// Deterministic pseudo-random numbers for the demo-data generator: the same seed gives the
// same data on every machine (issue 3 item 5). sfc32 seeded through a string hash; no
// Math.random anywhere in the generator.

function hashString(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string | number) {
    [this.a, this.b, this.c, this.d] = hashString(String(seed));
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A uniform float in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** A new generator whose stream depends only on this seed and the label (stable sub-streams). */
  fork(label: string | number): Random {
    return new Random(`${this.a}:${this.b}:${this.c}:${this.d}:${label}`);
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  bool(probability = 0.5): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  }

  /** Approximately normal (sum of uniforms), mean 0, standard deviation 1. */
  normal(): number {
    let s = 0;
    for (let i = 0; i < 6; i++) s += this.next();
    return (s - 3) * Math.SQRT2;
  }

  /** A subset: each item kept with its probability. */
  subset<T>(items: readonly (readonly [T, number])[]): T[] {
    const out: T[] = [];
    for (const [value, p] of items) if (this.next() < p) out.push(value);
    return out;
  }

  hex(length: number): string {
    let s = '';
    while (s.length < length) s += Math.floor(this.next() * 16).toString(16);
    return s;
  }
}

/**
 * Picks from a fixed list by cumulative weights in O(log n): for choosing among thousands of
 * cities weighted by population a million times.
 */
export class WeightedTable<T> {
  private readonly items: T[];
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(entries: readonly (readonly [T, number])[]) {
    this.items = entries.map(([v]) => v);
    this.cumulative = new Float64Array(entries.length);
    let sum = 0;
    entries.forEach(([, w], i) => {
      sum += Math.max(0, w);
      this.cumulative[i] = sum;
    });
    this.total = sum;
    if (entries.length === 0 || sum <= 0) throw new Error('WeightedTable needs positive weights');
  }

  pick(random: Random): T {
    const r = random.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] as number) > r) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }
}
