// The decisions of `npm run bench -- --growth N` (growth.ts), kept apart from its I/O so they can
// be tested: what the second database is called, when a database is reused rather than seeded,
// and the seeding note each seeded database carries (COMMENT ON DATABASE).

/** `5m` for 5,000,000, `200k` for 200,000: the suffix of the grown database's name. */
export function sizeLabel(offers: number): string {
  if (offers % 1_000_000 === 0) return `${offers / 1_000_000}m`;
  if (offers % 1_000 === 0) return `${offers / 1_000}k`;
  return String(offers);
}

/** The grown database: `override` when given, else the base's name with the size. */
export function grownDatabaseName(base: string, offers: number, override?: string): string {
  const name = override || `${base}_${sizeLabel(offers)}`;
  if (name === base || !/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error(`the second database must be a lower-case identifier other than ${base}, got "${name}"`);
  return name;
}

/**
 * Whether a database holding `properties` is reused for a size of `wanted`: never with
 * `reseed` or when empty; the base whatever its size (as the seed step reuses it), the grown
 * one only at exactly its size, since its name promises that size.
 */
export function reuses(options: {
  properties: number;
  wanted: number;
  anySize: boolean;
  reseed: boolean;
}): boolean {
  const { properties, wanted, anySize, reseed } = options;
  return !reseed && properties > 0 && (anySize || properties === wanted);
}

/** How long seeding took and when, noted on the database it made. */
export interface Seeding {
  seconds: number;
  at: string;
}

/** The note to write: JSON with a number and an ISO time, nothing that needs quoting in SQL. */
export function seedingNote(seeding: Seeding): string {
  return JSON.stringify({ seconds: Math.round(seeding.seconds * 10) / 10, at: seeding.at });
}

/** The note read back; undefined for a database seeded without one (the seed step's). */
export function readSeedingNote(note: string | null | undefined): Seeding | undefined {
  try {
    const parsed = JSON.parse(note ?? '') as Partial<Seeding> | null;
    if (parsed && typeof parsed.seconds === 'number' && typeof parsed.at === 'string')
      return { seconds: parsed.seconds, at: parsed.at };
  } catch {
    // not a note of ours
  }
  return undefined;
}
