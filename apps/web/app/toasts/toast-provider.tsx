import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useReducer,
  useRef,
} from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { type ToastKind, toastReducer } from './toast-queue.ts';

// Toasts at the top right (top left in right-to-left: logical properties), 4000 ms each, at most
// three (toast-queue.ts). A polite live region announces them; errors are alerts. A toast waits
// while the pointer or focus is on it (WCAG 2.2.1) and closes with its button or Escape.
// The region is on every page from the start (a live region announces what is added to it); the
// toast itself (toast-item.tsx) is fetched with the first one shown, not in the first load (issue 9).
// Should that fetch fail (offline, a deploy that replaced the files), the toast is not shown: the
// region is in every page's shell, and a failed lazy module would otherwise replace the page with
// the error page.

const ToastItem = lazy(() => import('./toast-item.tsx').catch(() => ({ default: () => null })));

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
          <Suspense fallback={null}>
            {toasts.map((toast) => (
              <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} dismissLabel={t('toast.dismiss')} />
            ))}
          </Suspense>
        </div>
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast outside of ToastProvider');
  return toaster;
}
