import { describe, expect, it } from 'vitest';
import { MAX_TOASTS, type Toast, toastReducer } from './toast-queue.ts';

const toast = (id: number): Toast => ({ id, kind: 'info', text: `t${id}` });

describe('toast queue (spec 9)', () => {
  it('keeps at most three, dropping the oldest', () => {
    let list: Toast[] = [];
    for (let id = 1; id <= 5; id++) list = toastReducer(list, { type: 'add', toast: toast(id) });
    expect(MAX_TOASTS).toBe(3);
    expect(list.map((t) => t.id)).toEqual([3, 4, 5]);
  });

  it('dismisses one by id', () => {
    const list = [toast(1), toast(2)];
    expect(toastReducer(list, { type: 'dismiss', id: 1 }).map((t) => t.id)).toEqual([2]);
    expect(toastReducer(list, { type: 'dismiss', id: 9 })).toEqual(list);
  });
});
