import type { FieldErrors } from '../../ui/forms/form-errors.ts';

// The zod issues of a shared contract as the forms' field errors (issue 42): each message key once
// per field, with the values its message names (`validation.too_long` names `max`); a message that
// is no validation key becomes `validation.invalid_value`. No server-only imports.

export function contractErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  values: Readonly<Record<string, Readonly<Record<string, number>>>>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    const key = /^validation\.[a-z_]+$/.test(issue.message) ? issue.message : 'validation.invalid_value';
    const list = errors[field] ?? [];
    errors[field] = list;
    if (!list.some((entry) => entry.key === key)) list.push({ key, values: values[field] });
  }
  return errors;
}

/** A form's check as a ValidatedForm's `validate`: null when it passes, else its field errors. */
export function validateWith(
  check: (form: FormData) => { ok: true } | { ok: false; errors: FieldErrors },
): (form: FormData) => FieldErrors | null {
  return (form) => {
    const checked = check(form);
    return checked.ok ? null : checked.errors;
  };
}
