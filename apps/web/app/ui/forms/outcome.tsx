import type { FormResult } from './form-ui.tsx';

// The answer of a form that acts on one item of a list (the admin area, the feeds and API keys),
// shown beside that item: done as a status, a failure as an alert.

export function Outcome({ result, intent }: { result: FormResult | undefined; intent: string }) {
  if (result?.intent !== intent || (!result.done && !result.formError)) return null;
  return (
    <p
      className={result.done ? 'notice' : 'account-form__error'}
      role={result.done ? 'status' : 'alert'}
      data-testid={result.done ? 'form-done' : 'form-error'}
    >
      {result.done ?? result.formError}
    </p>
  );
}
