import {
  type CompanyDescription,
  LOCALES,
  type Locale,
  type UpdateCompanyProfileBody,
  UpdateCompanyProfileBodySchema,
} from '@estately/domain';
import type { FieldErrors } from '../../ui/forms/form-errors.ts';

// The company profile form, read the same way in the browser (before sending) and in the action:
// plain fields by name and one text area per description language (`description:{locale}`, in
// the order shown, the first being the company's first language), and the kind of seller
// (`companyKind`: agency, developer, broker, other). Errors are message keys by
// field, the description's under `description:{locale}`. No server-only imports.

export const COMPANY_TEXT_FIELDS = [
  'name',
  'street',
  'city',
  'postcode',
  'countryCode',
  'registrationNumber',
  'website',
  'phone',
] as const;
export type CompanyTextField = (typeof COMPANY_TEXT_FIELDS)[number];

export const DESCRIPTION_PREFIX = 'description:';

export interface FormLike {
  get(name: string): FormDataEntryValue | null;
  keys(): IterableIterator<string> | Iterable<string>;
}

/** The body the form makes, before any checking. */
export function companyBodyOf(form: FormLike): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of COMPANY_TEXT_FIELDS) body[field] = String(form.get(field) ?? '');
  // The kind of seller (issue 42) is left out when the form has no choice: the API keeps it.
  const kind = form.get('companyKind');
  if (typeof kind === 'string' && kind !== '') body.companyKind = kind;
  const descriptions: { locale: string; text: string }[] = [];
  for (const key of form.keys()) {
    if (!key.startsWith(DESCRIPTION_PREFIX)) continue;
    const locale = key.slice(DESCRIPTION_PREFIX.length);
    if (descriptions.some((d) => d.locale === locale)) continue;
    descriptions.push({ locale, text: String(form.get(key) ?? '') });
  }
  body.descriptions = descriptions;
  return body;
}

/** The form field of an error's path: `descriptions.1.text` is the second language's text area. */
export function fieldOfPath(
  path: readonly PropertyKey[],
  descriptions: readonly { locale: string }[],
): string {
  const [first, index] = path;
  if (first === 'descriptions') {
    const locale = typeof index === 'number' ? descriptions[index]?.locale : undefined;
    return locale ? `${DESCRIPTION_PREFIX}${locale}` : 'descriptions';
  }
  return String(first ?? 'form');
}

const KNOWN_KEY = /^(validation|company\.error)\.[a-z_]+$/;

/** Checks the form with the API's own contract: the body to send, or errors by form field. */
export function checkCompanyForm(
  form: FormLike,
): { ok: true; body: UpdateCompanyProfileBody } | { ok: false; errors: FieldErrors } {
  const raw = companyBodyOf(form);
  const result = UpdateCompanyProfileBodySchema.safeParse(raw);
  if (result.success) return { ok: true, body: result.data };
  return {
    ok: false,
    errors: errorsByField(
      result.error.issues.map((issue) => ({ path: issue.path, key: issue.message })),
      raw.descriptions as { locale: string }[],
    ),
  };
}

/** Errors by form field, each key once; keys the catalogs do not have become invalid_value. */
export function errorsByField(
  issues: readonly { path: readonly PropertyKey[]; key: string }[],
  descriptions: readonly { locale: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOfPath(issue.path, descriptions);
    const key = KNOWN_KEY.test(issue.key) ? issue.key : 'validation.invalid_value';
    const list = errors[field] ?? [];
    errors[field] = list;
    if (!list.some((entry) => entry.key === key)) list.push({ key });
  }
  return errors;
}

/** The languages a company may write in, as offered by the picker. */
export function descriptionLanguages(): readonly Locale[] {
  return LOCALES;
}

export type { CompanyDescription };
