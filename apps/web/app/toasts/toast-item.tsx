import { type ReactNode, useEffect, useRef, useState } from 'react';
import { X } from '../ui/icons.tsx';
import { TOAST_DURATION_MS, type Toast } from './toast-queue.ts';

// One toast of the region (toast-provider.tsx): 4000 ms, paused while the pointer or focus is on
// it (WCAG 2.2.1), closed by its button or Escape. Fetched with the first toast a page shows.

export default function ToastItem(props: {
  toast: Toast;
  onDismiss: (id: number) => void;
  dismissLabel: string;
}): ReactNode {
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
