import { useId } from 'react';
import { Form, useNavigation } from 'react-router';
import type { FormResult, Text } from '../forms/form-ui.tsx';

// The editor's part of the offer's other media (issue 38 point 13), on the photos step: the video
// link (YouTube or Vimeo) and the energy performance certificate (a PDF). Plain forms posting to
// the editor's action, so both work from the keyboard and without JavaScript; a refusal is said
// under its field and the field names it (aria-describedby).

export interface MediaExtrasEditorData {
  /** The link to show in the field: the video on its provider's site, or empty. */
  videoUrl: string;
  certificate: { name: string; size: string; href: string | null } | null;
  /** "A PDF of at most 10 MB...". */
  certificateHint: string;
}

function FieldError(props: { id: string; text: string | undefined }) {
  if (!props.text) return null;
  return (
    <p id={props.id} className="field__error" role="alert">
      {props.text}
    </p>
  );
}

export function MediaExtrasEditor(props: {
  data: MediaExtrasEditorData;
  t: Text;
  result: FormResult | undefined;
}) {
  const { data, t, result } = props;
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const mine = (intent: string) => (result?.intent === intent ? result : undefined);
  const video = mine('media_video') ?? mine('media_video_remove');
  const certificate = mine('media_certificate') ?? mine('media_certificate_remove');
  const say = (error: { key: string; values?: Record<string, number> } | undefined) =>
    error ? t(error.key, error.values) : undefined;
  const videoError = say(video?.errors?.url?.[0]) ?? video?.formError ?? undefined;
  const fileError = say(certificate?.errors?.file?.[0]) ?? certificate?.formError ?? undefined;
  const typedUrl = typeof video?.values?.url === 'string' ? video.values.url : null;
  return (
    <section className="media-extras" aria-labelledby={`${id}-heading`} data-testid="media-extras">
      <h3 id={`${id}-heading`}>{t('media.more_media')}</h3>
      <Form method="post" className="media-extras__form" data-testid="video-form">
        <div className="field">
          <label htmlFor={`${id}-video`} className="field__label">
            {t('media.video_url')}
          </label>
          <p id={`${id}-video-hint`} className="field__hint">
            {t('media.video_url_hint')}
          </p>
          <input
            id={`${id}-video`}
            name="url"
            type="url"
            inputMode="url"
            maxLength={500}
            defaultValue={typedUrl ?? data.videoUrl}
            key={`${data.videoUrl}|${typedUrl ?? ''}`}
            aria-invalid={videoError ? true : undefined}
            aria-describedby={videoError ? `${id}-video-error ${id}-video-hint` : `${id}-video-hint`}
            data-testid="video-url"
          />
          <FieldError id={`${id}-video-error`} text={videoError} />
        </div>
        <div className="inline-actions">
          <button
            type="submit"
            name="intent"
            value="media_video"
            className="button"
            disabled={busy}
            data-testid="video-save"
          >
            {t('media.video_save')}
          </button>
          {data.videoUrl && (
            <button
              type="submit"
              name="intent"
              value="media_video_remove"
              className="button button--danger"
              disabled={busy}
              data-testid="video-remove"
            >
              {t('media.video_remove')}
            </button>
          )}
        </div>
        {video?.done && (
          <p className="notice" role="status">
            {video.done}
          </p>
        )}
      </Form>

      <Form
        method="post"
        encType="multipart/form-data"
        className="media-extras__form"
        data-testid="certificate-form"
      >
        <input type="hidden" name="intent" value="media_certificate" />
        {data.certificate && (
          <p data-testid="certificate-current">
            {data.certificate.href ? (
              <a href={data.certificate.href} type="application/pdf">
                {t('media.certificate_current', { name: data.certificate.name, size: data.certificate.size })}
              </a>
            ) : (
              t('media.certificate_current', { name: data.certificate.name, size: data.certificate.size })
            )}
          </p>
        )}
        <div className="field">
          <label htmlFor={`${id}-certificate`} className="field__label">
            {t('media.certificate_file')}
          </label>
          <p id={`${id}-certificate-hint`} className="field__hint">
            {data.certificateHint}
          </p>
          <input
            id={`${id}-certificate`}
            name="file"
            type="file"
            accept="application/pdf,.pdf"
            required
            aria-invalid={fileError ? true : undefined}
            aria-describedby={
              fileError ? `${id}-certificate-error ${id}-certificate-hint` : `${id}-certificate-hint`
            }
            data-testid="certificate-file"
          />
          <FieldError id={`${id}-certificate-error`} text={fileError} />
        </div>
        <button type="submit" className="button" disabled={busy} data-testid="certificate-upload">
          {t('media.certificate_upload')}
        </button>
        {certificate?.done && (
          <p className="notice" role="status">
            {certificate.done}
          </p>
        )}
      </Form>
      {data.certificate && (
        <Form method="post">
          <input type="hidden" name="intent" value="media_certificate_remove" />
          <button
            type="submit"
            className="button button--danger"
            disabled={busy}
            data-testid="certificate-remove"
          >
            {t('media.certificate_remove')}
          </button>
        </Form>
      )}
    </section>
  );
}
