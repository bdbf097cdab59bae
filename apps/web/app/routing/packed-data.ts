// A loader's data as JSON text (docs/decisions/033-pages-rendered-at-once.md, part 2).
//
// React Router sends loader data to the browser with turbo-stream, which walks every value in
// JavaScript: about 0.65 ms of the 5.3 ms a results page costs the web server, for 1,200
// values. Our loader data is plain JSON (strings, numbers, booleans, arrays, objects; no Date,
// Map or promise), so a loader can hand it over as one string: JSON.stringify writes it natively
// in a fraction of that time, and turbo-stream then has a single string to send.
//
// On the server the component gets the loader's own object back (no parse); in the browser the
// text is parsed once per loader result and the parsed value is shared by every render.

const ORIGINAL = Symbol('estately.packedOriginal');

/**
 * Loader data packed as JSON text. The symbol-keyed original is invisible to turbo-stream (it
 * sends own string keys only), so only `json` reaches the browser.
 */
export interface Packed<T> {
  readonly json: string;
  /** Carries the type of the packed value; never set. */
  readonly type?: T;
  /**
   * React Router's brand (`unstable_SerializesTo`) telling its route types that the browser gets
   * this very shape; never set.
   */
  readonly unstable__ReactRouter_SerializesTo: [Packed<T>];
}

/**
 * `value` as JSON text for the browser. It must be JSON: a Date would arrive as a string and an
 * undefined property as a missing one.
 */
export function pack<T>(value: T): Packed<T> {
  return { json: JSON.stringify(value), [ORIGINAL]: value } as unknown as Packed<T>;
}

const parsed = new WeakMap<object, unknown>();

/** The packed value: the loader's own object on the server, the parsed text in the browser. */
export function unpack<T>(packed: Packed<T>): T {
  const original = (packed as { [ORIGINAL]?: T })[ORIGINAL];
  if (original !== undefined) return original;
  if (parsed.has(packed)) return parsed.get(packed) as T;
  const value = JSON.parse(packed.json) as T;
  parsed.set(packed, value);
  return value;
}
