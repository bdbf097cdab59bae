import {
  ENERGY_CERTIFICATE_MAX_BYTES,
  type EnergyCertificate,
  type Locale,
  type PropertyVideo,
} from '@estately/domain';
import { isMessageKey, type Translator } from '@estately/i18n';
import { data, type RouterContextProvider } from 'react-router';
import { ApiError, apiErrorFrom } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { requestApi, visitorHeaders } from '../../request-state.server.ts';
import type { FormResult } from '../forms/form-ui.tsx';
import type { MediaExtrasEditorData } from './media-extras-editor.tsx';
import { fileSizeText } from './media-view.server.ts';

// The editor's writes of the offer's other media (issue 38 point 13): the video link through
// PUT /properties/{id}/video, the certificate PDF through PUT /properties/{id}/energy_certificate
// (multipart, as the signed-in owner) and its removal. A refusal the API explains (a link that is
// not a YouTube or Vimeo video, a file that is not a PDF) is said under the field; anything else
// goes to the editor's general failure handling (sign-in, not found, rate limit).

/** Message keys of the media forms the editor sends to the browser with its page. */
export const MEDIA_EXTRAS_EDITOR_KEYS = [
  'media.more_media',
  'media.floor_plan',
  'media.video_url',
  'media.video_url_hint',
  'media.video_save',
  'media.video_remove',
  'media.certificate_file',
  'media.certificate_upload',
  'media.certificate_remove',
  'media.certificate_current',
  'validation.invalid_video_url',
  'validation.invalid_pdf',
] as const;

export const MEDIA_EXTRAS_INTENTS = [
  'media_video',
  'media_video_remove',
  'media_certificate',
  'media_certificate_remove',
] as const;

export function mediaExtrasEditorData(
  property: { video?: PropertyVideo | null; energy_certificate?: EnergyCertificate | null; state?: string },
  locale: Locale,
  t: Translator,
  publicApiUrl: string,
): MediaExtrasEditorData {
  const certificate = property.energy_certificate ?? null;
  // The download answers anyone only while the offer is public; a draft's owner has no token in
  // the browser, so the link is shown for a public offer only.
  const isPublic = property.state === 'active' || property.state === 'reserved';
  return {
    videoUrl: property.video?.watch_url ?? '',
    certificate: certificate
      ? {
          name: certificate.file_name,
          size: fileSizeText(certificate.bytes, locale),
          href: isPublic ? `${publicApiUrl}${certificate.url}` : null,
        }
      : null,
    certificateHint: t('media.certificate_hint', {
      size: fileSizeText(ENERGY_CERTIFICATE_MAX_BYTES, locale),
    }),
  };
}

type Failure = (intent: string, error: unknown) => unknown;

function refused(intent: string, field: string, key: string, values: Record<string, string> = {}) {
  return data<FormResult>({ intent, errors: { [field]: [{ key }] }, values }, { status: 422 });
}

/** Handles the media intents of the editor's action; null for any other intent. */
export async function mediaExtrasAction(input: {
  context: Readonly<RouterContextProvider>;
  request: Request;
  form: FormData;
  intent: string;
  propertyId: number | null;
  t: Translator;
  failure: Failure;
}) {
  const { context, request, form, intent, propertyId, t, failure } = input;
  if (!(MEDIA_EXTRAS_INTENTS as readonly string[]).includes(intent)) return null;
  if (propertyId === null)
    return data<FormResult>({ intent, formError: t('error.generic') }, { status: 400 });
  const config = context.get(webConfigContext);
  const { client, tokens } = requestApi(context, request, config);
  const fieldOf = intent.startsWith('media_video') ? 'url' : 'file';
  const explained = (error: unknown) => {
    const key = error instanceof ApiError && error.status === 422 ? error.errors?.[fieldOf]?.[0] : undefined;
    if (key && isMessageKey(key))
      return refused(
        intent,
        fieldOf,
        key,
        intent === 'media_video' ? { url: String(form.get('url') ?? '') } : {},
      );
    if (error instanceof ApiError && error.status === 413)
      return refused(intent, 'file', 'validation.file_too_large');
    return failure(intent, error);
  };
  try {
    switch (intent) {
      case 'media_video':
      case 'media_video_remove': {
        const url = intent === 'media_video' ? String(form.get('url') ?? '').trim() : null;
        await client.request('PUT', `/properties/${propertyId}/video`, { body: { url: url || null } });
        return data<FormResult>({ intent, done: t('toast.saved') });
      }
      case 'media_certificate_remove': {
        await client.request('DELETE', `/properties/${propertyId}/energy_certificate`);
        return data<FormResult>({ intent, done: t('toast.saved') });
      }
      default: {
        const file = form.get('file');
        if (!(file instanceof File) || file.size === 0)
          return refused(intent, 'file', 'validation.file_required');
        if (file.size > ENERGY_CERTIFICATE_MAX_BYTES)
          return refused(intent, 'file', 'validation.file_too_large');
        // An expired access token is refreshed by a cheap authenticated call first.
        await client.get('/user/me');
        const body = new FormData();
        body.set('file', file, file.name);
        const token = tokens.get().token;
        const response = await fetch(`${config.apiUrl}/properties/${propertyId}/energy_certificate`, {
          method: 'PUT',
          headers: {
            ...visitorHeaders(context),
            ...(token ? { authorization: `Bearer ${token}`, accept: 'application/json' } : {}),
          },
          body,
        });
        if (!response.ok) throw await apiErrorFrom(response);
        return data<FormResult>({ intent, done: t('toast.saved') });
      }
    }
  } catch (error) {
    return explained(error);
  }
}
