import {
  API_KEY_SCOPES,
  type ApiKey,
  ApiKeyListResponseSchema,
  CreatedApiKeyResponseSchema,
  type Locale,
} from '@estately/domain';
import type { MessageKey, Translator } from '@estately/i18n';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { pageTitle } from '../../routing/screen.server.ts';
import { screenMessages } from '../../ui/forms/screen-messages.server.ts';
import { API_KEY_FIELD_VALUES, API_KEY_FIELDS, checkApiKeyForm, scopeKey } from './api-key-form.ts';
import {
  accountApi,
  dateTimeText,
  type FocusResult,
  failureAnswer,
  formAnswer,
  noticeOnFailure,
  pageLocale,
  readCompanyForm,
  requireCompany,
} from './feeds-shared.server.ts';

// The API keys page, `/{locale}/account/api-keys` (issue 42): the company's partner API keys,
// the form that creates one (its secret is in the action's answer only, shown this once), revoking
// with confirmation, and a link to the partner API's documentation. A person gets the 404 page.

const MESSAGES: readonly MessageKey[] = [
  'api_keys.intro',
  'api_keys.docs',
  'api_keys.list',
  'api_keys.empty',
  'api_keys.add_title',
  'api_keys.create',
  'api_keys.name',
  'api_keys.scopes',
  'api_keys.scopes_hint',
  ...API_KEY_SCOPES.map(scopeKey),
  'api_keys.prefix',
  'api_keys.created_at',
  'api_keys.last_used',
  'api_keys.never_used',
  'api_keys.state',
  'api_keys.active',
  'api_keys.revoked',
  'api_keys.revoke',
  'api_keys.confirm_revoke',
  'api_keys.secret_title',
  'api_keys.secret_note',
  'api_keys.secret_label',
  'api_keys.copy',
  'api_keys.copied',
  'feeds.actions',
  'validation.too_many_keys',
];

export interface ApiKeyRow {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  createdText: string;
  lastUsedText: string | null;
  revokedText: string | null;
}

function toRow(key: ApiKey, locale: Locale, t: Translator): ApiKeyRow {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes.map((scope) => t(scopeKey(scope))),
    createdText: dateTimeText(key.createdAt, locale) ?? '',
    lastUsedText: dateTimeText(key.lastUsedAt, locale),
    revokedText: dateTimeText(key.revokedAt, locale),
  };
}

export async function loadApiKeysPage({ request, context }: LoaderFunctionArgs) {
  const { locale, t } = pageLocale(request);
  const heading = t('api_keys.title');
  const base = {
    title: pageTitle(t, heading),
    heading,
    messages: screenMessages(locale, MESSAGES),
    // The partner API's reference is the API's own OpenAPI page.
    docsHref: `${context.get(webConfigContext).publicApiUrl}/docs`,
  };
  if (!(await requireCompany(context, request))) return { ...base, keys: null, loadError: false };
  try {
    const answer = ApiKeyListResponseSchema.parse(
      await accountApi(context, request).get('/users/me/api-keys'),
    );
    return { ...base, keys: answer.keys.map((key) => toRow(key, locale, t)), loadError: false };
  } catch (error) {
    noticeOnFailure(error, context, 'api keys');
    return { ...base, keys: null, loadError: true };
  }
}

/** The action's answer: a new key's secret travels here once, never in the page's data. */
export interface ApiKeysResult extends FocusResult {
  secret?: { name: string; value: string } | null;
}

export async function apiKeysPageAction({ request, context }: ActionFunctionArgs) {
  const input = await readCompanyForm(context, request, 'key_add');
  const { locale, t, client, form, intent, id: idText, resultIntent } = input;
  try {
    if (intent === 'key_add') {
      const checked = checkApiKeyForm(form);
      if (!checked.ok) return formAnswer({ intent, errors: checked.errors }, 422);
      const created = CreatedApiKeyResponseSchema.parse(
        await client.post('/users/me/api-keys', checked.body),
      );
      return formAnswer<ApiKeysResult>({
        intent,
        secret: { name: created.key.name, value: created.secret },
        focus: 'api-key-secret',
      });
    }
    if (intent === 'revoke' && /^\d{1,12}$/.test(idText)) {
      await client.delete(`/users/me/api-keys/${idText}`);
      return formAnswer<ApiKeysResult>({
        intent: resultIntent,
        done: t('api_keys.revoked_done'),
        focus: `api-key-${idText}`,
      });
    }
    return formAnswer({ intent: resultIntent, formError: t('error.generic') }, 400);
  } catch (error) {
    return failureAnswer({
      error,
      intent: resultIntent,
      context,
      request,
      locale,
      t,
      fields: API_KEY_FIELDS,
      values: API_KEY_FIELD_VALUES,
    });
  }
}
