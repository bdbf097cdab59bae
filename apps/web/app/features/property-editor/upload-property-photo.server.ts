import { PROPERTY_PHOTO_MAX_BYTES, ROOM_TYPES } from '@estately/domain';
import { createTranslator, isMessageKey, localeData } from '@estately/i18n';
import type { ActionFunctionArgs } from 'react-router';
import { ApiError, apiErrorFrom, retryWaitSeconds } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { tooManyRequestsText } from '../../i18n/error-text.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { pendingSetCookies, requestApi, visitorHeaders } from '../../request-state.server.ts';
import { editPropertyPath } from '../../routing/editor-paths.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { photoLimitValues } from './photo-formats.ts';

// POST /{locale}/account/my-offers/{id}/photos: one photo of the property editor, sent by the
// browser to its own origin (upload progress, no cross-origin call, tokens refreshed here) and
// passed on to POST /v1/property-media/save as the signed-in person; the API checks ownership,
// reads the image and makes the variants. Answers JSON: the photo, or `error` in the page's
// language.

/** Multipart overhead allowed on top of the largest photo. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * The general refusals of a file (shared with the profile picture) said for a property photo:
 * with the accepted formats and the size limit named (issue 38 defect 9).
 */
const PHOTO_MESSAGES: Readonly<Record<string, string>> = {
  'validation.invalid_image': 'validation.invalid_photo',
  'validation.file_too_large': 'validation.photo_too_large',
};

export async function uploadPropertyPhoto({ request, context, params }: ActionFunctionArgs) {
  const config = context.get(webConfigContext);
  const locale = localeFromPathname(pageUrl(request).pathname) ?? 'cs';
  const t = createTranslator(locale);
  const headers = new Headers({ 'cache-control': 'no-store' });
  const answer = (status: number, body: unknown) => {
    for (const cookie of pendingSetCookies(context)) headers.append('Set-Cookie', cookie);
    return Response.json(body, { status, headers });
  };
  const { tag } = localeData(locale);
  const fail = (status: number, given: string) => {
    const key = PHOTO_MESSAGES[given] ?? given;
    return answer(status, { error: isMessageKey(key) ? t(key, photoLimitValues(tag)) : t('error.generic') });
  };
  if (request.method !== 'POST') return fail(405, 'error.generic');
  const id = params.id ?? '';
  if (!/^\d{1,12}$/.test(id)) return fail(404, 'status.not_found');
  const length = Number(request.headers.get('content-length') ?? '0');
  if (length > PROPERTY_PHOTO_MAX_BYTES + ENVELOPE_BYTES) return fail(413, 'validation.file_too_large');
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return fail(422, 'validation.file_required');
  }
  const roomType = String(form.get('room_type') ?? '');
  if (!(request.headers.get('accept') ?? '').includes('application/json')) {
    // The editor's form posted without scripts (issue 38 defect 4): every chosen file is passed
    // on in turn, then the photos step shows them, or the first refusal's reason.
    const files = form
      .getAll('file')
      .filter((entry): entry is File => entry instanceof File && entry.size > 0);
    let refused: string | null = files.length === 0 ? 'validation.file_required' : null;
    if (roomType && !(ROOM_TYPES as readonly string[]).includes(roomType))
      refused = 'validation.invalid_value';
    for (const file of refused ? [] : files) {
      const sent = await passOn(file);
      if (sent.status !== 200) {
        refused = sent.key;
        break;
      }
    }
    const back = `${editPropertyPath(locale, Number(id), 'photos')}${
      refused ? `&photo_error=${encodeURIComponent(PHOTO_MESSAGES[refused] ?? refused)}` : ''
    }`;
    headers.set('location', back);
    for (const cookie of pendingSetCookies(context)) headers.append('Set-Cookie', cookie);
    return new Response(null, { status: 303, headers });
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return fail(422, 'validation.file_required');
  if (roomType && !(ROOM_TYPES as readonly string[]).includes(roomType))
    return fail(422, 'validation.invalid_value');
  const sent = await passOn(file);
  if (sent.status === 200) return answer(200, sent.body);
  if (sent.status === 429) {
    headers.set('retry-after', String(sent.retryAfter));
    return answer(429, { error: tooManyRequestsText(t, sent.retryAfter) });
  }
  return fail(sent.status, sent.key);

  /** One file to POST /v1/property-media/save as the signed-in person: the photo, or why not. */
  async function passOn(
    file: File,
  ): Promise<{ status: number; body?: unknown; key: string; retryAfter: number }> {
    try {
      const body = await sendToApi(file);
      return { status: 200, body, key: '', retryAfter: 0 };
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.status === 401) return { status: 401, key: 'error.session_expired', retryAfter: 0 };
        if (error.status === 404) return { status: 404, key: 'status.not_found', retryAfter: 0 };
        // The hour's upload budget is spent: say how long to wait. The image slots are busy: soon.
        if (error.status === 429)
          return { status: 429, key: 'error.generic', retryAfter: retryWaitSeconds(error) };
        if (error.status === 503) return { status: 503, key: 'error.unavailable_text', retryAfter: 0 };
        const key = error.errors ? Object.values(error.errors).flat()[0] : undefined;
        if (key) return { status: error.status || 422, key, retryAfter: 0 };
      }
      return { status: 500, key: 'error.generic', retryAfter: 0 };
    }
  }

  async function sendToApi(file: File): Promise<unknown> {
    const { client, tokens } = requestApi(context, request, config);
    // An expired access token is refreshed by a cheap authenticated call first.
    await client.get('/user/me');
    const body = new FormData();
    body.set('property_id', id);
    if (roomType) body.set('room_type', roomType);
    body.set('file', file, file.name);
    const token = tokens.get().token;
    const response = await fetch(`${config.apiUrl}/v1/property-media/save`, {
      method: 'POST',
      headers: {
        ...visitorHeaders(context),
        ...(token ? { authorization: `Bearer ${token}`, accept: 'application/json' } : {}),
      },
      body,
    });
    if (!response.ok) throw await apiErrorFrom(response);
    return response.json();
  }
}
