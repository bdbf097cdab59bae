import { describe, expect, it } from 'vitest';
import { AVAILABILITY_WITHDRAW_AFTER_DAYS, availabilityLinkExpiry, soldStateOf } from './availability.ts';
import { REPLY_MIN_THREADS, replyFigures, replyTimeUnit } from './responsiveness.ts';

describe('replyFigures', () => {
  it('says nothing below the minimum of conversations', () => {
    expect(replyFigures({ threads: REPLY_MIN_THREADS - 1, replied: 2, medianSeconds: 600 })).toEqual({
      threads: REPLY_MIN_THREADS - 1,
      ratePercent: null,
      medianMinutes: null,
    });
  });

  it('gives the share in whole percent and the median in minutes', () => {
    expect(replyFigures({ threads: 3, replied: 2, medianSeconds: 5_400 })).toEqual({
      threads: 3,
      ratePercent: 67,
      medianMinutes: 90,
    });
  });

  it('has no reply time when nothing was answered, and at least a minute when something was', () => {
    expect(replyFigures({ threads: 4, replied: 0, medianSeconds: null })).toEqual({
      threads: 4,
      ratePercent: 0,
      medianMinutes: null,
    });
    expect(replyFigures({ threads: 4, replied: 4, medianSeconds: 5 }).medianMinutes).toBe(1);
  });
});

describe('replyTimeUnit', () => {
  it('reads minutes, hours under two days, then days', () => {
    expect(replyTimeUnit(25)).toEqual({ unit: 'minute', value: 25 });
    expect(replyTimeUnit(60)).toEqual({ unit: 'hour', value: 1 });
    expect(replyTimeUnit(47 * 60)).toEqual({ unit: 'hour', value: 47 });
    expect(replyTimeUnit(48 * 60)).toEqual({ unit: 'day', value: 2 });
    expect(replyTimeUnit(5 * 24 * 60 + 100)).toEqual({ unit: 'day', value: 5 });
  });
});

describe('the availability question', () => {
  it('links expire with the withdrawal, and "sold" means rented for a rent', () => {
    const sent = new Date('2026-12-01T08:00:00Z');
    expect(availabilityLinkExpiry(sent).getTime() - sent.getTime()).toBe(
      AVAILABILITY_WITHDRAW_AFTER_DAYS * 86_400_000,
    );
    expect(soldStateOf('sale')).toBe('sold');
    expect(soldStateOf('rent')).toBe('rented');
  });
});
