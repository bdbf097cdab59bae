import { describe, expect, it } from 'vitest';
import { pack, unpack } from './packed-data.ts';

describe('packed loader data', () => {
  const value = {
    title: 'Byty na prodej',
    offers: [{ id: 7, price: '€1 200', tags: ['a', 'b'] }],
    none: null,
  };

  it('gives the server its own object back, unparsed', () => {
    expect(unpack(pack(value))).toBe(value);
  });

  it('shows turbo-stream only the JSON text, which the browser parses once', () => {
    const packed = pack(value);
    // What React Router's encoding sees: own string keys.
    expect(Object.keys(packed)).toEqual(['json']);
    const sent = JSON.parse(JSON.stringify(packed)) as typeof packed;
    const parsed = unpack(sent);
    expect(parsed).toEqual(value);
    expect(parsed).not.toBe(value);
    expect(unpack(sent)).toBe(parsed);
  });

  it('loses what JSON cannot carry, as documented: undefined properties', () => {
    const packed = pack({ a: 1, b: undefined });
    const sent = JSON.parse(JSON.stringify(packed)) as typeof packed;
    expect(unpack(sent)).toEqual({ a: 1 });
    expect('b' in unpack(sent)).toBe(false);
  });
});
