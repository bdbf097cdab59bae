import { describe, expect, it } from 'vitest';
import {
  buildOfferTimeline,
  daysOnMarket,
  PRICE_REDUCED_BADGE_DAYS,
  PROPERTY_STATES,
  PROPERTY_TRANSITIONS,
  priceChangePercent,
  recentReductionPercent,
  stateHistoryKind,
} from './index.ts';

const day = (n: number) => new Date(Date.UTC(2026, 2, 1 + n));

describe('stateHistoryKind', () => {
  it('names every transition of the lifecycle table that a visitor sees, and only those', () => {
    const named: string[] = [];
    for (const from of PROPERTY_STATES) {
      for (const to of PROPERTY_TRANSITIONS[from]) {
        const kind = stateHistoryKind(from, to, from === 'draft');
        if (kind) named.push(`${from}>${to}:${kind}`);
      }
    }
    expect(named).toEqual([
      'draft>active:listed',
      'active>paused:withdrawn',
      'active>reserved:reserved',
      'active>sold:sold',
      'active>rented:rented',
      'active>archived:withdrawn',
      'paused>active:back_on_market',
      'reserved>active:back_on_market',
      'reserved>paused:withdrawn',
      'reserved>sold:sold',
      'reserved>rented:rented',
      'reserved>archived:withdrawn',
      'rented>active:back_on_market',
    ]);
  });
});

describe('buildOfferTimeline', () => {
  it('merges states and the prices changed once listed, with percents against the price before', () => {
    const timeline = buildOfferTimeline(
      [
        { listing: 1, kind: 'listed', at: day(10), price: 5_200_000, currency: 'CZK' },
        { listing: 1, kind: 'withdrawn', at: day(50), price: 4_992_000, currency: 'CZK' },
        { listing: 2, kind: 'relisted', at: day(60), price: 4_800_000, currency: 'CZK' },
      ],
      [
        { listing: 1, at: day(0), price: 5_000_000, currency: 'CZK' },
        { listing: 1, at: day(5), price: 5_200_000, currency: 'CZK' },
        { listing: 1, at: day(30), price: 4_992_000, currency: 'CZK' },
        { listing: 2, at: day(59), price: 4_800_000, currency: 'CZK' },
        { listing: 2, at: day(70), price: 200_000, currency: 'EUR' },
      ],
    );
    expect(timeline.map((entry) => [entry.kind, entry.price, entry.changePercent])).toEqual([
      ['listed', 5_200_000, null],
      ['price_change', 4_992_000, -4],
      ['withdrawn', 4_992_000, null],
      ['relisted', 4_800_000, -3.8],
      ['price_change', 200_000, null],
    ]);
  });

  it('leaves out a price change that repeats the price before it', () => {
    const timeline = buildOfferTimeline(
      [{ listing: 1, kind: 'listed', at: day(1), price: 100, currency: 'EUR' }],
      [{ listing: 1, at: day(2), price: 100, currency: 'EUR' }],
    );
    expect(timeline.map((entry) => entry.kind)).toEqual(['listed']);
  });
});

describe('daysOnMarket', () => {
  const timeline = buildOfferTimeline(
    [
      { listing: 1, kind: 'listed', at: day(0), price: 1, currency: 'CZK' },
      { listing: 1, kind: 'sold', at: day(45), price: 1, currency: 'CZK' },
    ],
    [],
  );
  it('counts from the first listing to now, or to the day it left the market', () => {
    expect(daysOnMarket(timeline.slice(0, 1), 'active', day(12))).toBe(12);
    expect(daysOnMarket(timeline, 'sold', day(80))).toBe(45);
    expect(daysOnMarket([], 'active', day(3))).toBeNull();
  });
});

describe('price percents', () => {
  it('compares prices of one currency only', () => {
    expect(priceChangePercent({ price: 200, currency: 'EUR' }, { price: 150, currency: 'EUR' })).toBe(-25);
    expect(priceChangePercent({ price: 200, currency: 'EUR' }, { price: 150, currency: 'CZK' })).toBeNull();
    expect(priceChangePercent(null, { price: 150, currency: 'CZK' })).toBeNull();
  });

  it('shows "reduced by N %" for PRICE_REDUCED_BADGE_DAYS after the reduction', () => {
    expect(recentReductionPercent(4, day(0), day(PRICE_REDUCED_BADGE_DAYS))).toBe(4);
    expect(recentReductionPercent(4, day(0), day(PRICE_REDUCED_BADGE_DAYS + 1))).toBeNull();
    expect(recentReductionPercent(null, null, day(0))).toBeNull();
  });
});
