import { describe, expect, it } from 'vitest';
import { toViewingSlots } from './viewing-slots.server.ts';

describe('toViewingSlots', () => {
  const answer = {
    time_zone: 'Europe/Prague',
    data: [
      { id: 1, starts_at: '2026-07-01T15:00:00.000Z', ends_at: '2026-07-01T16:00:00.000Z', capacity: 1 },
      { id: 2, starts_at: '2027-01-05T16:00:00.000Z', ends_at: '2027-01-05T17:00:00.000Z', capacity: 1 },
      { id: 3, starts_at: '2027-03-28T15:00:00.000Z', ends_at: '2027-03-28T16:30:00.000Z', capacity: 2 },
    ],
  };
  const now = new Date('2026-12-06T00:00:00Z');

  it('lists only upcoming slots, in the offer’s local time with the zone named', () => {
    const slots = toViewingSlots(answer, 'cs', now);
    expect(slots.map((slot) => slot.id)).toEqual([2, 3]);
    // 16:00 UTC in winter and 15:00 UTC on the spring change day are both 17:00 in Prague.
    expect(slots[0]!.label).toMatch(/5\. ledna 2027, 17:00–18:00 \(.+\)/);
    expect(slots[1]!.label).toMatch(/28\. března 2027, 17:00–18:30 \(.+\)/);
    expect(slots[0]!.label).not.toContain('16:00');
  });

  it('writes the time in the visitor’s locale', () => {
    const [slot] = toViewingSlots(answer, 'en', now);
    expect(slot!.label).toContain('5:00');
    expect(slot!.label).toMatch(/Central European/);
  });
});
