import { describe, expect, it } from 'vitest';
import { stateActions } from './offer-actions.ts';

describe('stateActions', () => {
  it('offers publishing or archiving a draft', () => {
    expect(stateActions('draft', 'sale')).toEqual([
      { to: 'active', label: 'action.publish' },
      { to: 'archived', label: 'action.archive' },
    ]);
  });

  it('marks an active sale offer sold, never rented, and a rent offer rented', () => {
    const sale = stateActions('active', 'sale').map((action) => action.to);
    expect(sale).toEqual(['paused', 'reserved', 'sold', 'archived']);
    const rent = stateActions('active', 'rent').map((action) => action.to);
    expect(rent).toEqual(['paused', 'reserved', 'rented', 'archived']);
  });

  it('resumes a paused offer and reopens an archived one', () => {
    expect(stateActions('paused', 'sale')[0]).toEqual({ to: 'active', label: 'action.resume' });
    expect(stateActions('archived', 'rent')).toEqual([{ to: 'paused', label: 'my_offers.reopen' }]);
  });

  it('lets a sold offer only be archived', () => {
    expect(stateActions('sold', 'sale')).toEqual([{ to: 'archived', label: 'action.archive' }]);
  });
});
