import { CURRENCIES, type CurrentUser, type Locale } from '@estately/domain';
import { LOCALE_DATA } from '@estately/i18n';
import { NOTIFICATION_FIELDS, PROFILE_FIELDS } from './account-fields.ts';
import { api, type Context } from './account-shared.server.ts';

// The settings screens' data: the signed-in user as the API knows them, and the choices offered.

export async function loadSettings(context: Context, request: Request, locale: Locale) {
  const me = await api(context, request).get<CurrentUser>('/user/me');
  return {
    user: {
      email: me.email,
      accountType: me.accountType,
      pictureUrl: me.profilePictureUrls?.medium ?? null,
      profile: Object.fromEntries(PROFILE_FIELDS.map((field) => [field, me[field] ?? ''])) as Record<
        (typeof PROFILE_FIELDS)[number],
        string
      >,
      notifications: Object.fromEntries(NOTIFICATION_FIELDS.map((field) => [field, me[field]])) as Record<
        (typeof NOTIFICATION_FIELDS)[number],
        boolean
      >,
      preferredLanguage: me.preferredLanguage,
      preferredCurrency: me.preferredCurrency,
    },
    languages: LOCALE_DATA.map((row) => ({ value: row.locale, label: row.label })),
    currencies: CURRENCIES.map((value) => ({ value, label: value })),
    locale,
  };
}
