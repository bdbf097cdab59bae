import {
  buildPath,
  ChangeLoginEmailBodySchema,
  ChangePasswordBodySchema,
  isLocale,
  type Locale,
  type Screen,
  switchLocalePath,
  UpdateSavedSearchBodySchema,
  UpdateUserBodySchema,
} from '@estately/domain';
import type { Translator } from '@estately/i18n';
import { data, redirect } from 'react-router';
import { ApiError, apiErrorFrom, retryWaitSeconds } from '../../api/api-error.ts';
import { serializeCookie } from '../../api/cookies.ts';
import { webConfigContext } from '../../config.server.ts';
import { tooManyRequestsText } from '../../i18n/error-text.ts';
import { serializeLocaleCookie } from '../../locale/locale-cookie.ts';
import { pendingSetCookies, requestApi, visitorHeaders } from '../../request-state.server.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { sessionCookieHeaders } from '../../session/session-cookies.server.ts';
import { signInAgain } from '../../session/sign-in-again.server.ts';
import { apiFieldErrors, checkForm, type FormSchema, formValues } from '../../ui/forms/form-errors.ts';
import type { FormResult } from '../../ui/forms/form-ui.tsx';
import { NOTIFICATION_FIELDS, PROFILE_FIELDS } from './account-fields.ts';
import { api, type Context } from './account-shared.server.ts';

// The account screens' action: every form of theirs posts an intent (`profile`, `password`,
// `rename_watch_dog:12`) handled here, so each works before the scripts load.

/** A redirect that also carries the cookies this request's API calls changed (a refresh). */
function redirectWith(context: Context, to: string, headers = new Headers()) {
  for (const cookie of pendingSetCookies(context)) headers.append('Set-Cookie', cookie);
  return redirect(to, { headers });
}

export interface AccountActionInput {
  context: Context;
  request: Request;
  screen: Screen;
  locale: Locale;
  t: Translator;
}

export async function accountAction(input: AccountActionInput) {
  const { context, request, locale, t } = input;
  const config = context.get(webConfigContext);
  const client = api(context, request);
  const contentType = request.headers.get('content-type') ?? '';
  const form = await request.formData();
  // Forms of list items name their item: `rename_watch_dog:12`.
  const fullIntent = String(form.get('intent') ?? '');
  const intent = fullIntent.split(':')[0] ?? '';
  const check = <T>(schema: FormSchema<T>, values: unknown) => checkForm(schema, values);
  const failure = (intent: string, error: unknown, fallback = t('error.generic')) => {
    if (error instanceof Response) throw error;
    // The session ended (the refresh failed too): sign in again and come back here, where the
    // form puts back what was typed.
    if (error instanceof ApiError && error.status === 401) return signInAgain(context, request, locale);
    const errors = apiFieldErrors(error);
    if (errors) return data<FormResult>({ intent, errors }, { status: 422 });
    const text =
      error instanceof ApiError && error.status === 429
        ? tooManyRequestsText(t, retryWaitSeconds(error))
        : error instanceof ApiError && error.status === 0
          ? t('error.network')
          : fallback;
    return data<FormResult>({ intent, formError: text }, { status: 400 });
  };

  switch (intent) {
    case 'profile': {
      const values = formValues(form, PROFILE_FIELDS);
      const checked = check(UpdateUserBodySchema, values);
      if (!checked.ok) return data<FormResult>({ intent, errors: checked.errors, values }, { status: 422 });
      try {
        await client.patch('/users/me', checked.data);
        return data<FormResult>({ intent, done: t('account.profile_saved') });
      } catch (error) {
        // Spec 8: a failed profile update says so.
        return failure(intent, error, t('error.profile_update_failed'));
      }
    }
    case 'notifications': {
      const values = formValues(form, [], NOTIFICATION_FIELDS);
      try {
        await client.patch('/users/me', values);
        return data<FormResult>({ intent, done: t('toast.saved') });
      } catch (error) {
        return failure(intent, error, t('error.profile_update_failed'));
      }
    }
    case 'language_currency': {
      const language = String(form.get('preferredLanguage') ?? '');
      const currency = String(form.get('preferredCurrency') ?? '');
      const checked = check(UpdateUserBodySchema, {
        preferredLanguage: language,
        preferredCurrency: currency,
      });
      if (!checked.ok) return data<FormResult>({ intent, errors: checked.errors }, { status: 422 });
      try {
        await client.patch('/users/me', checked.data);
      } catch (error) {
        return failure(intent, error, t('error.profile_update_failed'));
      }
      const secure = new URL(request.url).protocol === 'https:';
      const headers = new Headers();
      // Prices follow the saved currency at once (the header's switcher keeps its choice in
      // this cookie, which wins over the account's setting).
      headers.append('Set-Cookie', serializeCookie('currency', currency, 365 * 24 * 60 * 60, secure));
      // Spec 4: the user moves to the same screen in the new locale (the same page when it is
      // unchanged), which says the settings were saved.
      const target = isLocale(language) ? language : locale;
      headers.append('Set-Cookie', serializeLocaleCookie(target, secure));
      return redirectWith(context, `${switchLocalePath(pageUrl(request).pathname, target)}?saved=1`, headers);
    }
    case 'password': {
      const values = formValues(form, ['currentPassword', 'newPassword']);
      const checked = check(ChangePasswordBodySchema, values);
      if (!checked.ok) return data<FormResult>({ intent, errors: checked.errors }, { status: 422 });
      try {
        await client.patch('/users/me/new_password', checked.data);
      } catch (error) {
        return failure(intent, error);
      }
      // A new password signs every device out, this one too (decision 008): sign in again.
      return redirect(buildPath('authSignin', locale), { headers: sessionCookieHeaders(request, null) });
    }
    case 'email': {
      const values = formValues(form, ['email', 'password']);
      const checked = check(ChangeLoginEmailBodySchema, values);
      if (!checked.ok)
        return data<FormResult>(
          { intent, errors: checked.errors, values: { email: values.email ?? '' } },
          { status: 422 },
        );
      try {
        const answer = await client.patch<{ pendingEmail: string }>(
          '/users/me/change-login-email',
          checked.data,
        );
        return data<FormResult>({
          intent,
          done: t('auth.confirmation_sent', { email: answer.pendingEmail }),
        });
      } catch (error) {
        return failure(intent, error);
      }
    }
    case 'picture': {
      const file = form.get('file');
      if (!contentType.startsWith('multipart/form-data') || !(file instanceof File) || file.size === 0)
        return data<FormResult>(
          { intent, errors: { file: [{ key: 'validation.file_required' }] } },
          { status: 422 },
        );
      // Multipart goes to the API as it came; the JSON client does not carry files.
      const body = new FormData();
      body.set('file', file, file.name);
      const send = (token: string | null) =>
        fetch(`${config.apiUrl}/v1/user/save-profile-picture`, {
          method: 'POST',
          headers: {
            ...visitorHeaders(context),
            ...(token ? { authorization: `Bearer ${token}`, accept: 'application/json' } : {}),
          },
          body,
        });
      try {
        // Any expired token is refreshed by a cheap authenticated call first.
        await client.get('/user/me');
        const tokens = requestApi(context, request, config).tokens.get();
        const response = await send(tokens.token);
        if (!response.ok) throw await apiErrorFrom(response);
        return data<FormResult>({ intent, done: t('account.profile_saved') });
      } catch (error) {
        return failure(intent, error);
      }
    }
    // Issue 44 point 3 (decision 071): a favourite moves to one of the user's search boards.
    case 'move_to_board': {
      const id = Number(form.get('offer_id'));
      const board = Number(form.get('board_id'));
      if (!Number.isInteger(id) || id < 1 || !Number.isInteger(board) || board < 1)
        return data<FormResult>({ intent: 'move_to_board', formError: t('error.generic') });
      try {
        await client.post(`/my/boards/${board}/favorites`, { property_ids: [id] });
        return data<FormResult>({ intent: 'move_to_board', done: t('boards.moved') });
      } catch (error) {
        return failure('move_to_board', error);
      }
    }
    case 'remove_favorite': {
      const id = Number(form.get('offer_id'));
      if (!Number.isInteger(id) || id < 1) return data<FormResult>({ intent, formError: t('error.generic') });
      try {
        await client.delete(`/user/offers/${id}/favorite_offer`);
        return data<FormResult>({ intent, done: t('toast.favorite_removed') });
      } catch (error) {
        return failure(intent, error);
      }
    }
    case 'rename_watch_dog':
    case 'frequency_watch_dog':
    case 'kinds_watch_dog':
    case 'pause_watch_dog':
    case 'resume_watch_dog': {
      const id = Number(form.get('id'));
      const body =
        intent === 'rename_watch_dog'
          ? { name: String(form.get('name') ?? '') }
          : intent === 'frequency_watch_dog'
            ? { frequency: String(form.get('frequency') ?? '') }
            : intent === 'kinds_watch_dog'
              ? { alert_kinds: form.getAll('alert_kinds').map(String) }
              : { frequency: intent === 'pause_watch_dog' ? 'off' : 'daily' };
      const checked = check(UpdateSavedSearchBodySchema, body);
      const resultIntent = fullIntent.includes(':') ? fullIntent : `${intent}:${id}`;
      if (!checked.ok)
        return data<FormResult>({ intent: resultIntent, errors: checked.errors }, { status: 422 });
      try {
        await client.patch(`/saved_searches/${id}`, checked.data);
        return data<FormResult>({ intent: resultIntent, done: t('account.watch_dog_saved') });
      } catch (error) {
        return failure(resultIntent, error);
      }
    }
    case 'delete_watch_dog': {
      const id = Number(form.get('id'));
      try {
        await client.delete(`/saved_searches/${id}`);
        return data<FormResult>({ intent, done: t('account.deleted') });
      } catch (error) {
        return failure(intent, error);
      }
    }
    default:
      return data<FormResult>({ intent, formError: t('error.generic') }, { status: 400 });
  }
}
