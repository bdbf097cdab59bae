// Toast rules of spec 9: each visible 4000 ms, at most 3 at once (a fourth pushes out the oldest).
// Pure, so the rules are unit-tested without a browser.

export const TOAST_DURATION_MS = 4000;
export const MAX_TOASTS = 3;

export type ToastKind = 'error' | 'success' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export type ToastAction = { type: 'add'; toast: Toast } | { type: 'dismiss'; id: number };

export function toastReducer(toasts: readonly Toast[], action: ToastAction): Toast[] {
  switch (action.type) {
    case 'add':
      return [...toasts, action.toast].slice(-MAX_TOASTS);
    case 'dismiss':
      return toasts.filter((toast) => toast.id !== action.id);
  }
}
