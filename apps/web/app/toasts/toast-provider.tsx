import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { X } from '../ui/icons.tsx';
import { TOAST_DURATION_MS, type Toast, type ToastKind, toastReducer } from './toast-queue.ts';

// Toasts at the top right (top left in right-to-left: logical properties), 4000 ms each, at most
// three (toast-queue.ts). A polite live region announces them; errors are alerts. A toast waits
// while the pointer or focus is on it (WCAG 2.2.1) and closes with its button or Escape.

export interface Toaster {
  show(text: string, kind?: ToastKind): void;
  /**
   * Spec 8 in the visitor's language: the error's own text, else its API code's or status's label,
   * else 'An error occurred'; never the API's English message (issue 39, i18n/error-text.ts).
   */
  showError(error: unknown): void;
}

const ToastContext = createContext<Toaster | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [toasts, dispatch] = useReducer(toastReducer, []);
  const nextId = useRef(1);
  const toaster = useMemo<Toaster>(() => {
    const show = (text: string, kind: ToastKind = 'info') =>
      dispatch({ type: 'add', toast: { id: nextId.current++, kind, text } });
    return {
      show,
      // The error's text (i18n/error-text.ts, a 429 naming the wait) is worked out by a module
      // fetched with the first error shown; by then the failing API call has usually loaded
      // api-error.ts, which it uses, already.
      showError: (error) =>
        void import('../i18n/error-text.ts').then(({ localizedErrorText }) =>
          show(localizedErrorText(error, t), 'error'),
        ),
    };
  }, [t]);
  const dismiss = useCallback((id: number) => dispatch({ type: 'dismiss', id }), []);
  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <section className="toast-region" aria-label={t('toast.region')}>
        <div className="toast-list" aria-live="polite" aria-relevant="additions text">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} dismissLabel={t('toast.dismiss')} />
          ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem(props: { toast: Toast; onDismiss: (id: number) => void; dismissLabel: string }) {
  const { toast, onDismiss } = props;
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, toast.id, onDismiss]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the toast has role alert or status (by kind); its handlers only pause the timer and close on Escape, the close button is its control.
    <div
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss(toast.id);
      }}
    >
      <p className="toast__text">{toast.text}</p>
      <button
        type="button"
        className="toast__close"
        onClick={() => onDismiss(toast.id)}
        aria-label={props.dismissLabel}
      >
        <X aria-hidden="true" size={16} />
      </button>
    </div>
  );
}

export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast outside of ToastProvider');
  return toaster;
}
