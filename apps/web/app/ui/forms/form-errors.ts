import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@estately/domain';
import { ApiError } from '../../api/api-error.ts';

// Field errors of the account forms, the same on both sides: the browser checks a form with the
// shared zod contract before it is sent, the action checks it again and adds what only the API
// knows (a taken e-mail, a wrong current password). Errors are message keys with their values,
// translated where they are shown (CONVENTIONS habit 5). No server-only imports: this module
// reaches the browser.

export interface FieldError {
  key: string;
  values?: Record<string, number>;
}
export type FieldErrors = Record<string, FieldError[]>;

/** What the forms need of a zod issue and a contract (the domain's schemas; zod is theirs). */
export interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
  minimum?: unknown;
  maximum?: unknown;
}
export interface FormSchema<T = unknown> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

/** The values the policy's and the length rules' messages need ({min}, {max}). */
function valuesOf(issue: SchemaIssue): Record<string, number> {
  const values: Record<string, number> = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };
  if (typeof issue.minimum === 'number') values.min = issue.minimum;
  if (typeof issue.maximum === 'number') values.max = issue.maximum;
  return values;
}

/** Errors of a failed zod parse, by field (the first segment of the issue's path). */
export function zodFieldErrors(
  error: { issues: readonly SchemaIssue[] },
  rename: Record<string, string> = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = String(issue.path[0] ?? 'form');
    const field = rename[path] ?? path;
    const key = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid_value';
    const list = errors[field] ?? [];
    errors[field] = list;
    if (!list.some((entry) => entry.key === key)) list.push({ key, values: valuesOf(issue) });
  }
  return errors;
}

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Parses form values with a contract; `rename` maps the contract's field names to the form's. */
export function checkForm<T>(
  schema: FormSchema<T>,
  values: unknown,
  rename: Record<string, string> = {},
): Checked<T> {
  const result = schema.safeParse(values);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: zodFieldErrors(result.error, rename) };
}

/**
 * The field errors of a 422 answer (message keys by field), renamed to the form's fields; null
 * when the failure is not a validation failure (the caller shows it as a form-level error).
 */
export function apiFieldErrors(error: unknown, rename: Record<string, string> = {}): FieldErrors | null {
  if (!(error instanceof ApiError) || !error.errors) return null;
  const errors: FieldErrors = {};
  for (const [path, keys] of Object.entries(error.errors)) {
    const field = rename[path] ?? path.split('.')[0] ?? 'form';
    for (const key of keys) {
      const list = errors[field] ?? [];
      errors[field] = list;
      list.push({
        key: key.startsWith('validation.') ? key : 'validation.invalid_value',
        values: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
      });
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** A form's values as a plain object: text fields as strings, checkboxes as booleans. */
export function formValues(
  form: FormData,
  fields: readonly string[],
  booleans: readonly string[] = [],
): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const field of fields) {
    const value = form.get(field);
    values[field] = typeof value === 'string' ? value : '';
  }
  for (const field of booleans) values[field] = form.get(field) === 'on' || form.get(field) === 'true';
  return values;
}

/**
 * Where to go after signing in: the `redirect` parameter the account guard adds, when it is a
 * path of this site (one leading slash, no scheme, no backslash tricks); else `fallback`.
 */
export function safeReturnPath(value: string | null | undefined, fallback: string): string {
  if (!value?.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return fallback;
  try {
    const url = new URL(value, 'http://estately.invalid');
    if (url.origin !== 'http://estately.invalid') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
