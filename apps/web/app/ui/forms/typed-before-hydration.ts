import { type RefObject, useLayoutEffect, useSyncExternalStore } from 'react';

// A page's code comes after its first load (decision 032), so a person can type into the
// server's fields before React hydrates them. Inputs and selects keep what was typed: React
// leaves their value alone while it hydrates. A text area does not: React 19 writes the
// `defaultValue` of its props into the element's text while hydrating and then sets the value
// from that text, so what was typed reverts to the stored text, and the form sends the old one
// (issue 38, defect 2). A text area rendered with these hooks keeps it.

const subscribeNothing = () => () => {};

/** True in the browser's render that hydrates the server's page, false on the server and afterwards. */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => typeof document !== 'undefined',
  );
}

/**
 * The `defaultValue` to give a text area so that hydration never replaces its text: empty while
 * hydrating (React then writes nothing over it: an empty default leaves a typed value as it is),
 * and `value` on the server and once hydrated. The element's default is put back before the browser paints, so an
 * untouched field shows its stored text at once and a field typed into keeps what was typed (the
 * browser's own rule: a changed field's value no longer follows its default).
 */
export function useTextAreaDefault(ref: RefObject<HTMLTextAreaElement | null>, value: string): string {
  const hydrating = useHydrating();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useLayoutEffect(() => {
    if (ref.current && ref.current.defaultValue !== value) ref.current.defaultValue = value;
  }, []);
  return hydrating ? '' : value;
}
