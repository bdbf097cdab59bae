import { COMPANY_PROFILE_MESSAGE_KEYS } from '@estately/domain';
import { createTranslator, type MessageKey } from '@estately/i18n';
import { useActionData } from 'react-router';
import { webConfigContext } from '../config.server.ts';
import { type FormResult, useText } from '../features/auth/form-ui.tsx';
import { screenMessages } from '../features/auth/screen-messages.server.ts';
import stylesHref from '../features/company-profile/company.css?url';
import {
  type CompanySettingsData,
  companySettingsAction,
  loadCompanySettings,
} from '../features/company-profile/company-settings.server.ts';
import { CompanySettings } from '../features/company-profile/company-settings-view.tsx';
import { localeFromPathname } from '../locale/locale-path.ts';
import { pageUrl } from '../routing/page-url.ts';
import { pageTitle } from '../routing/screen.server.ts';
import { throwIfRetryLater } from '../routing/unavailable.server.ts';
import { loadSession } from '../session/session.server.ts';
import type { Route } from './+types/company-settings.ts';

// `/{locale}/account/settings/company` (issue 38 point 12), in the account layout, whose loader
// already lets only a signed-in user through. A person's account is told the screen is for
// companies.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

const MESSAGES: readonly MessageKey[] = [
  ...(COMPANY_PROFILE_MESSAGE_KEYS as readonly MessageKey[]),
  'company.settings_title',
  'company.settings_intro',
  'company.name',
  'company.logo',
  'company.logo_hint',
  'company.logo_upload',
  'company.logo_remove',
  'company.logo_preview',
  'company.logo_alt',
  'company.address',
  'company.street',
  'company.city',
  'company.postcode',
  'company.country',
  'company.country_none',
  'company.registration_number',
  'company.registration_number_hint',
  'company.website',
  'company.website_hint',
  'company.phone',
  'company.descriptions',
  'company.descriptions_hint',
  'company.description_in',
  'company.add_language',
  'company.add',
  'company.remove_language',
  'company.view_page',
  'action.save',
  'validation.invalid_phone',
  'validation.invalid_zip',
  'validation.too_long',
  'validation.file_required',
  'validation.file_too_large',
  'validation.invalid_image',
  'validation.image_too_large',
];

function requestLocale(request: Request) {
  const locale = localeFromPathname(pageUrl(request).pathname) ?? 'cs';
  return { locale, t: createTranslator(locale) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, t } = requestLocale(request);
  const heading = t('company.settings_title');
  const base = { title: pageTitle(t, heading), heading, messages: screenMessages(locale, MESSAGES) };
  const session = await loadSession(context, request, context.get(webConfigContext));
  if (!session.user)
    return { ...base, settings: null as CompanySettingsData | null, notCompany: false, loadError: false };
  try {
    const settings = await loadCompanySettings(context, request, locale);
    if (settings === 'not_company') return { ...base, settings: null, notCompany: true, loadError: false };
    return { ...base, settings, notCompany: false, loadError: false };
  } catch (error) {
    if (error instanceof Response) throw error;
    throwIfRetryLater(error, context, 'limited');
    console.warn('[web] company settings:', error instanceof Error ? error.message : error);
    return { ...base, settings: null, notCompany: false, loadError: true };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale, t } = requestLocale(request);
  return companySettingsAction({ context, request, locale, t });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function CompanySettingsRoute({ loaderData }: Route.ComponentProps) {
  const t = useText(loaderData.messages);
  const result = useActionData<FormResult>();
  return (
    <section data-testid="screen-accountCompanyProfile" className="company-settings">
      <h1>{loaderData.heading}</h1>
      {loaderData.loadError && (
        <p className="notice" role="alert" data-testid="load-error">
          {t('error.generic')}
        </p>
      )}
      {loaderData.notCompany && (
        <p className="notice" role="status" data-testid="company-only">
          {t('company.error.company_only')}
        </p>
      )}
      {loaderData.settings && <CompanySettings settings={loaderData.settings} t={t} result={result} />}
    </section>
  );
}
