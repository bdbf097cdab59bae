import {
  COMPANY_KINDS,
  type CompanyKind,
  type CompanyProfile,
  CompanyProfileSchema,
  LOCALES,
  type Locale,
} from '@estately/domain';
import { type Translator, translate } from '@estately/i18n';
import { data, type RouterContextProvider } from 'react-router';
import { ApiError, apiErrorFrom, retryWaitSeconds } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { tooManyRequestsText } from '../../i18n/error-text.ts';
import { requestApi, visitorHeaders } from '../../request-state.server.ts';
import { companyPagePath } from '../../routing/company-paths.ts';
import { signInAgain } from '../../session/sign-in-again.server.ts';
import type { FormResult } from '../../ui/forms/form-ui.tsx';
import { checkCompanyForm, companyBodyOf, errorsByField } from './company-form.ts';

// The company profile settings (issue 38 point 12): the profile as the API keeps it, the names of
// the countries and languages in the page's language, and the action of its three forms (the
// fields, the logo upload, the logo's removal). The rules are the API's and the shared contract's.

type Context = Readonly<RouterContextProvider>;

/** Countries the address picker offers (the product's markets and their neighbours). */
const COUNTRIES = [
  'AE',
  'AT',
  'BA',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'ME',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'RS',
  'SE',
  'SI',
  'SK',
  'TR',
  'UA',
  'US',
] as const;

export interface CompanySettingsData {
  profile: CompanyProfile;
  pageHref: string;
  countries: { value: string; label: string }[];
  /** Every locale the descriptions may be written in, with its name in the page's language. */
  languages: { value: Locale; label: string }[];
  /** The kinds of seller a company may be (issue 42), named as the search's seller filter names them. */
  kinds: { value: CompanyKind; label: string }[];
}

function displayNames(locale: Locale, type: 'region' | 'language') {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type });
  } catch {
    return null;
  }
}

export async function loadCompanySettings(
  context: Context,
  request: Request,
  locale: Locale,
): Promise<CompanySettingsData | 'not_company'> {
  const { client } = requestApi(context, request, context.get(webConfigContext));
  let profile: CompanyProfile;
  try {
    profile = CompanyProfileSchema.parse(await client.get('/users/me/company-profile'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return 'not_company';
    throw error;
  }
  const regions = displayNames(locale, 'region');
  const languageNames = displayNames(locale, 'language');
  const collator = new Intl.Collator(locale);
  return {
    profile,
    pageHref: companyPagePath(locale, profile.pagePath.replace(/^company\//, '')),
    countries: COUNTRIES.map((code) => ({ value: code, label: regions?.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.label, b.label),
    ),
    languages: LOCALES.map((code) => ({ value: code, label: languageNames?.of(code) ?? code })),
    kinds: COMPANY_KINDS.map((kind) => ({
      value: kind,
      label: translate(locale, `value.seller_type.${kind}`),
    })),
  };
}

export async function companySettingsAction(input: {
  context: Context;
  request: Request;
  locale: Locale;
  t: Translator;
}) {
  const { context, request, locale, t } = input;
  const config = context.get(webConfigContext);
  const { client } = requestApi(context, request, config);
  const contentType = request.headers.get('content-type') ?? '';
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const failure = (error: unknown, descriptions: readonly { locale: string }[] = []) => {
    if (error instanceof Response) throw error;
    // The session ended: sign in again and come back here.
    if (error instanceof ApiError && error.status === 401) return signInAgain(context, request, locale);
    if (error instanceof ApiError && error.errors) {
      const issues = Object.entries(error.errors).flatMap(([path, keys]) =>
        keys.map((key) => ({
          path: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
          key,
        })),
      );
      return data<FormResult>({ intent, errors: errorsByField(issues, descriptions) }, { status: 422 });
    }
    const text =
      error instanceof ApiError && error.status === 429
        ? tooManyRequestsText(t, retryWaitSeconds(error))
        : error instanceof ApiError && error.status === 0
          ? t('error.network')
          : t('error.generic');
    return data<FormResult>({ intent, formError: text }, { status: 400 });
  };

  switch (intent) {
    case 'company_profile': {
      const checked = checkCompanyForm(form);
      if (!checked.ok) return data<FormResult>({ intent, errors: checked.errors }, { status: 422 });
      try {
        await client.request('PUT', '/users/me/company-profile', { body: checked.body });
        return data<FormResult>({ intent, done: t('company.saved') });
      } catch (error) {
        return failure(error, (companyBodyOf(form).descriptions as { locale: string }[]) ?? []);
      }
    }
    case 'company_logo': {
      const file = form.get('file');
      if (!contentType.startsWith('multipart/form-data') || !(file instanceof File) || file.size === 0)
        return data<FormResult>(
          { intent, errors: { file: [{ key: 'validation.file_required' }] } },
          { status: 422 },
        );
      // Multipart goes to the API as it came; the JSON client does not carry files.
      const body = new FormData();
      body.set('file', file, file.name);
      try {
        // Any expired token is refreshed by a cheap authenticated call first.
        await client.get('/user/me');
        const { token } = requestApi(context, request, config).tokens.get();
        const response = await fetch(`${config.apiUrl}/users/me/company-profile/logo`, {
          method: 'POST',
          headers: {
            ...visitorHeaders(context),
            ...(token ? { authorization: `Bearer ${token}`, accept: 'application/json' } : {}),
          },
          body,
        });
        if (!response.ok) throw await apiErrorFrom(response);
        return data<FormResult>({ intent, done: t('company.logo_saved') });
      } catch (error) {
        return failure(error);
      }
    }
    case 'company_logo_remove': {
      try {
        await client.delete('/users/me/company-profile/logo');
        return data<FormResult>({ intent, done: t('company.saved') });
      } catch (error) {
        return failure(error);
      }
    }
    default:
      return data<FormResult>({ intent, formError: t('error.generic') }, { status: 400 });
  }
}
