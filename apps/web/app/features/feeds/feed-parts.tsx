import { useEffect, useId, useRef } from 'react';
import { Form } from 'react-router';
import type { FormResult } from '../../ui/forms/form-ui.tsx';
import type { RunView } from './feed-run-view.server.ts';

// Parts the feeds and API keys pages share (issue 42): focus after an action, a run's state,
// counts and progress bar, and one-button forms. Every change is a form posting to the route's action, so each works
// before the scripts load.

/**
 * After an action, focus goes where its answer says (`focus`: an element id with tabIndex -1).
 * The answer may come before the page's revalidated data draws that element (a new feed): the
 * target waits until a render has it.
 */
export function useFocusAfter(result: (FormResult & { focus?: string | null }) | undefined): void {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    pending.current = result?.focus ?? null;
  }, [result]);
  useEffect(() => {
    const target = pending.current ? document.getElementById(pending.current) : null;
    if (!target) return;
    pending.current = null;
    target.focus();
  });
}

/**
 * A one-button form acting on one item (intent `<intent>:<id>`). `confirm` asks first (after
 * hydration), for what cannot be undone; without scripts the action runs at once.
 */
export function ItemButton(props: {
  intent: string;
  id: number;
  label: string;
  /** The item's name, ending the button's accessible name where a list repeats the button. */
  itemName: string;
  testId: string;
  danger?: boolean;
  confirm?: string;
}) {
  const { confirm } = props;
  return (
    <Form
      method="post"
      preventScrollReset
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={`${props.intent}:${props.id}`} />
      <button
        type="submit"
        className={props.danger ? 'button button--danger' : 'button'}
        data-testid={props.testId}
      >
        {props.label}
        <span className="visually-hidden">: {props.itemName}</span>
      </button>
    </Form>
  );
}

export function RunStateBadge({ run }: { run: RunView }) {
  return (
    <span className={`badge feed-run-state feed-run-state--${run.state}`} data-testid="run-state">
      {run.stateText}
    </span>
  );
}

/** The run's counts as a list of terms and numbers. */
export function RunCounts({ run, label }: { run: RunView; label: string }) {
  return (
    <dl className="feed-counts" aria-label={label} data-testid="run-counts">
      {run.counts.map((count) => (
        <div key={count.name} data-testid={`run-count-${count.name}`}>
          <dt>{count.label}</dt>
          <dd>{count.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The run's progress: processed of total listings, as a progressbar with its values (none while
 * the total is not known yet: the file is still being read). Drawn as an SVG rectangle, since
 * the page's CSP bars style attributes.
 */
export function RunProgress({ run, label }: { run: RunView; label: string }) {
  const id = useId();
  const known = run.total !== null && run.total > 0;
  const share = known
    ? Math.min(100, (run.processed / (run.total ?? 1)) * 100)
    : run.state === 'succeeded'
      ? 100
      : 0;
  return (
    <div className="feed-progress">
      <span id={`${id}-label`} className="feed-progress__label">
        {label}
      </span>
      <div
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={known ? 0 : undefined}
        aria-valuemax={known ? (run.total ?? undefined) : undefined}
        aria-valuenow={known ? run.processed : undefined}
        aria-valuetext={run.progressText}
        className="feed-progress__bar"
        data-testid="run-progress"
      >
        <svg viewBox="0 0 100 1" preserveAspectRatio="none" aria-hidden="true" focusable="false">
          <rect className="feed-progress__track" width="100" height="1" />
          <rect className="feed-progress__done" width={share} height="1" />
        </svg>
      </div>
      <span className="feed-progress__text" aria-hidden="true">
        {run.progressText}
      </span>
    </div>
  );
}
