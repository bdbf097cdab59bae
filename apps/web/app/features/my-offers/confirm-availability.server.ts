import type { Locale } from '@estately/domain';
import type { Translator } from '@estately/i18n';
import { data, type RouterContextProvider } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { requestApi } from '../../request-state.server.ts';
import { signInAgain } from '../../session/sign-in-again.server.ts';
import type { FormResult } from '../../ui/forms/form-ui.tsx';

/**
 * "Still available" from the seller's own offers (decision 065), as the e-mail's link says it:
 * the offer's clock starts again and "not confirmed recently" goes. Answered on the offer's row.
 */
export async function confirmAvailabilityAction(options: {
  context: Readonly<RouterContextProvider>;
  request: Request;
  locale: Locale;
  t: Translator;
  form: FormData;
}) {
  const { context, request, locale, t, form } = options;
  const id = Number(form.get('id'));
  const intent = `availability:${id}`;
  if (!Number.isSafeInteger(id) || id < 1)
    return data<FormResult>({ intent, formError: t('error.generic') }, { status: 400 });
  const client = requestApi(context, request, context.get(webConfigContext)).client;
  try {
    await client.post(`/properties/${id}/confirm-availability`);
    return data<FormResult>({ intent, done: t('my_offers.availability_confirmed') });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return signInAgain(context, request, locale);
    const key =
      error instanceof ApiError && error.status === 409 ? 'availability.not_active' : 'error.generic';
    return data<FormResult>({ intent, formError: t(key) }, { status: 400 });
  }
}
