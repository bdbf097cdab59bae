import { COMPANY_PROFILE_MESSAGE_KEYS } from '@estately/domain';
import { createTranslator, type MessageKey } from '@estately/i18n';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { errorText, requestLog } from '../../request-state.server.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { pageTitle } from '../../routing/screen.server.ts';
import { throwIfRetryLater } from '../../routing/unavailable.server.ts';
import { loadSession } from '../../session/session.server.ts';
import { screenMessages } from '../../ui/forms/screen-messages.server.ts';
import {
  type CompanySettingsData,
  companySettingsAction,
  loadCompanySettings,
} from './company-settings.server.ts';

// The company settings page, `/{locale}/account/settings/company` (issue 38 point 12): its
// texts, the company being edited, and the form posts. The account layout lets only a signed-in
// user through.

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
  'company.kind',
  'company.kind_hint',
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

export async function loadCompanySettingsPage({ request, context }: LoaderFunctionArgs) {
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
    requestLog(context).warn({ error: errorText(error) }, 'company settings failed');
    return { ...base, settings: null, notCompany: false, loadError: true };
  }
}

export async function companySettingsPageAction({ request, context }: ActionFunctionArgs) {
  const { locale, t } = requestLocale(request);
  return companySettingsAction({ context, request, locale, t });
}
