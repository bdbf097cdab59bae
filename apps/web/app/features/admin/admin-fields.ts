import {
  CreateRedirectBodySchema,
  REDIRECT_STATUS_CODES,
  ReportActionBodySchema,
  ScamFlagActionBodySchema,
  StrikePropertyBodySchema,
  UpdateRedirectBodySchema,
} from '@estately/domain';
import { ApiError } from '../../api/api-error.ts';
import type { FieldErrors, SchemaIssue } from '../../ui/forms/form-errors.ts';

// The admin forms' checks, the same in the browser and in the action: the domain's contracts,
// with their own message keys kept (the shared helpers of the account forms know only the
// `validation.*` ones). No server-only imports: this module reaches the browser.

const KEPT = /^(validation|redirects)\./;

function add(errors: FieldErrors, field: string, key: string, values?: Record<string, number>) {
  const list = errors[field] ?? [];
  errors[field] = list;
  const kept = KEPT.test(key) ? key : 'validation.invalid_value';
  if (!list.some((entry) => entry.key === kept)) list.push({ key: kept, values });
}

function issueErrors(issues: readonly SchemaIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const values: Record<string, number> = {};
    if (typeof issue.maximum === 'number') values.max = issue.maximum;
    if (typeof issue.minimum === 'number') values.min = issue.minimum;
    add(errors, String(issue.path[0] ?? 'form'), issue.message, values);
  }
  return errors;
}

/** The field errors of a 422 answer of the admin calls; null for any other failure. */
export function adminApiFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || !error.errors) return null;
  const errors: FieldErrors = {};
  for (const [path, keys] of Object.entries(error.errors)) {
    for (const key of keys) add(errors, path.split('.')[0] ?? 'form', key);
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

type Parsed<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

function parse<T>(
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: SchemaIssue[] } };
  },
  value: unknown,
): Parsed<T> {
  const result = schema.safeParse(value);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: issueErrors(result.error.issues) };
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** The redirect form's values as the contract takes them (the status as a number). */
export function redirectValues(form: FormData) {
  const status = Number(text(form, 'status_code'));
  return {
    from_path: text(form, 'from_path'),
    to_url: text(form, 'to_url'),
    status_code: (REDIRECT_STATUS_CODES as readonly number[]).includes(status)
      ? status
      : text(form, 'status_code'),
  };
}

export function checkRedirectForm(form: FormData, editing: boolean) {
  const values = redirectValues(form);
  return editing ? parse(UpdateRedirectBodySchema, values) : parse(CreateRedirectBodySchema, values);
}

export function checkStrikeForm(form: FormData) {
  return parse(StrikePropertyBodySchema, { reason: text(form, 'reason') });
}

/** Upholding a report may strike the offer too: an empty reason means no strike. */
export function checkResolveForm(form: FormData) {
  const reason = text(form, 'strike_reason').trim();
  return parse(ReportActionBodySchema, reason ? { strike_reason: reason } : {});
}

/** The browser-side check of a ValidatedForm: null when the form may be sent. */
export function formCheck(check: (form: FormData) => Parsed<unknown>) {
  return (form: FormData): FieldErrors | null => {
    const checked = check(form);
    return checked.ok ? null : checked.errors;
  };
}

/** Rejecting a scam flag: an offer's is struck with the reason (the API requires it for an offer). */
export function checkScamRejectForm(form: FormData) {
  const reason = text(form, 'reason').trim();
  return parse(ScamFlagActionBodySchema, reason ? { reason } : {});
}
