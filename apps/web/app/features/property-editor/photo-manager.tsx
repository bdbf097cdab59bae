import { type DragEvent, type PointerEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Form, useNavigation, useRevalidator, useSubmit } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { FormResult, Text } from '../../ui/forms/form-ui.tsx';
import type { EditorOption, EditorPhoto } from './editor-model.ts';
import { PHOTO_ACCEPT, photoLimitValues } from './photo-formats.ts';

// The photos step: files dropped on the zone or chosen with the file input (several at once) are
// uploaded to the editor's upload address (the web server passes them on to
// POST /v1/property-media/save as the signed-in owner), up to UPLOAD_LANES at a time, each with a
// progress bar of its own, a failure with its reason and a retry; the list reloads as each one is
// accepted. The API answers once the original is stored: the photo shows a placeholder until the
// job worker made its variants, and the list polls until then (issue 38 defect 4). The same file
// sent twice is one photo (the API keeps a photo once per property). Every photo can become the
// main one, move earlier or later, or be deleted: small forms posting to the editor's action, so
// each works from the keyboard. With a pointer (mouse, pen, touch) a photo can also be dragged to
// its new place; the buttons stay the keyboard's way.

/** Uploads under way at once: enough to keep the connection busy, few enough for a phone's uplink. */
export const UPLOAD_LANES = 3;

/** How often the list asks again while a photo is being processed. */
const PROCESSING_POLL_MS = 2_000;

interface Upload {
  key: number;
  name: string;
  file: File;
  room: string;
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
}

function send(url: string, file: File, roomType: string, onProgress: (fraction: number) => void) {
  return new Promise<{ ok: boolean; error?: string }>((resolve) => {
    const body = new FormData();
    if (roomType) body.set('room_type', roomType);
    body.set('file', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let error: string | undefined;
      try {
        error = (JSON.parse(request.responseText) as { error?: string }).error;
      } catch {
        error = undefined;
      }
      resolve(request.status >= 200 && request.status < 300 ? { ok: true } : { ok: false, error });
    };
    request.onerror = () => resolve({ ok: false });
    request.send(body);
  });
}

export function PhotoUploader(props: {
  url: string;
  roomTypes: EditorOption[];
  t: Text;
  /** Why photos sent without scripts were refused. */
  error?: string | null;
}) {
  const { t } = props;
  const { tag } = useI18n();
  const id = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const [roomType, setRoomType] = useState('');
  const revalidator = useRevalidator();
  const counter = useRef(0);
  // Without scripts the fields are a form posted to the upload address (the web server passes
  // each file on and comes back to this step); once hydrated, files upload as they are chosen.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  /** Files waiting for a lane, in the order chosen; `running` lanes are busy. */
  const pending = useRef<Upload[]>([]);
  const running = useRef(0);
  const update = (key: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const pump = () => {
    while (running.current < UPLOAD_LANES && pending.current.length > 0) {
      const upload = pending.current.shift() as Upload;
      running.current += 1;
      update(upload.key, { state: 'uploading', progress: 0, error: undefined });
      void send(props.url, upload.file, upload.room, (fraction) =>
        update(upload.key, { progress: Math.round(fraction * 100) }),
      ).then(async (answer) => {
        update(
          upload.key,
          answer.ok
            ? { state: 'done', progress: 100 }
            : { state: 'failed', error: answer.error ?? t('error.generic') },
        );
        running.current -= 1;
        pump();
        if (answer.ok) await revalidator.revalidate();
      });
    }
  };

  const start = (files: File[], room = roomType) => {
    const added = files.map((file) => ({
      key: ++counter.current,
      name: file.name,
      file,
      room,
      progress: 0,
      state: 'waiting' as const,
    }));
    setUploads((list) => [...list, ...added]);
    // Started in the order chosen, UPLOAD_LANES at a time.
    pending.current.push(...added);
    pump();
  };

  const retry = (upload: Upload) => {
    update(upload.key, { state: 'waiting', progress: 0, error: undefined });
    pending.current.push({ ...upload, state: 'waiting' });
    pump();
  };

  // A room picked or files chosen in the server's fields before the code came (decision 032) are
  // taken over once hydrated, not lost to the empty state (issue 38).
  const roomSelect = useRef<HTMLSelectElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const room = roomSelect.current?.value ?? '';
    if (room) setRoomType(room);
    const chosen = Array.from(fileInput.current?.files ?? []);
    if (fileInput.current && chosen.length > 0) {
      fileInput.current.value = '';
      start(chosen, room);
    }
  }, []);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const files = Array.from(event.dataTransfer.files).filter(
      (file) => file.type.startsWith('image/') || file.type === '',
    );
    if (files.length > 0) start(files);
  };

  return (
    <form
      className="photo-uploader"
      method="post"
      action={props.url}
      encType="multipart/form-data"
      onSubmit={(event) => {
        event.preventDefault();
        const files = Array.from(fileInput.current?.files ?? []);
        if (fileInput.current) fileInput.current.value = '';
        if (files.length > 0) start(files);
      }}
    >
      {props.error && (
        <p className="field__error" role="alert" data-testid="upload-error">
          {props.error}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-room`} className="field__label">
          {t('editor.photo_room')}
        </label>
        <select
          ref={roomSelect}
          id={`${id}-room`}
          name="room_type"
          value={roomType}
          onChange={(event) => setRoomType(event.currentTarget.value)}
        >
          <option value="">{t('editor.not_specified')}</option>
          {props.roomTypes.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the file input inside is the keyboard way. */}
      <div
        className={`photo-uploader__zone${over ? ' is-over' : ''}`}
        data-testid="photo-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p aria-hidden="true">{t('editor.photos_drop')}</p>
        <label htmlFor={`${id}-files`} className="field__label">
          {t('editor.photos_choose')}
        </label>
        <input
          ref={fileInput}
          id={`${id}-files`}
          name="file"
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          aria-describedby={`${id}-hint`}
          data-testid="photo-input"
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = '';
            if (files.length > 0) start(files);
          }}
        />
        <p id={`${id}-hint`} className="field__hint">
          {t('editor.photos_hint', photoLimitValues(tag))}
        </p>
        {!hydrated && (
          <button type="submit" className="button" data-testid="photo-submit">
            {t('editor.upload_submit')}
          </button>
        )}
      </div>
      <ul className="photo-uploader__list" data-testid="uploads">
        {uploads.map((upload) => {
          const label = `${id}-up-${upload.key}`;
          return (
            <li key={upload.key} data-state={upload.state} data-testid="upload">
              {/* Each file's state in words, said politely as it changes. */}
              <span
                id={label}
                role="status"
                className={upload.state === 'failed' ? 'field__error' : undefined}
                data-testid="upload-status"
              >
                {upload.state === 'failed'
                  ? t('editor.upload_failed', { name: upload.name, reason: upload.error ?? '' })
                  : upload.state === 'done'
                    ? t('editor.uploaded', { name: upload.name })
                    : upload.state === 'waiting'
                      ? t('editor.upload_waiting', { name: upload.name })
                      : t('editor.uploading', { name: upload.name })}
              </span>
              {upload.state === 'failed' ? (
                <button
                  type="button"
                  className="button"
                  data-testid="upload-retry"
                  aria-label={`${t('editor.upload_retry')}: ${upload.name}`}
                  onClick={() => retry(upload)}
                >
                  {t('editor.upload_retry')}
                </button>
              ) : (
                upload.state !== 'done' && (
                  <progress
                    max={100}
                    value={upload.progress}
                    aria-labelledby={label}
                    data-testid="upload-progress"
                  />
                )
              )}
            </li>
          );
        })}
      </ul>
    </form>
  );
}

function PhotoAction(props: {
  intent: string;
  mediaId: number;
  label: string;
  context: string;
  danger?: boolean;
  confirm?: string;
}) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (props.confirm && !window.confirm(props.confirm)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="media_id" value={props.mediaId} />
      <button
        type="submit"
        className={`button${props.danger ? ' button--danger' : ''}`}
        data-testid={props.intent}
        // The name says which photo, starting with the visible word. A hidden span would do it
        // with a stray space ("Uložit : Fotografie 1"): the browser spaces out a hidden,
        // absolutely placed element in a name (issue 38 defect 9).
        aria-label={`${props.label}: ${props.context}`}
      >
        {props.label}
      </button>
    </Form>
  );
}

/** The room a photo shows, changed in place (a select and its button, keyboard included). */
function PhotoRoom(props: { photo: EditorPhoto; roomTypes: EditorOption[]; t: Text; context: string }) {
  const id = useId();
  return (
    <Form method="post" className="inline-actions photo-room">
      <input type="hidden" name="intent" value="photo_room" />
      <input type="hidden" name="media_id" value={props.photo.id} />
      <label htmlFor={`${id}-room`} className="visually-hidden">
        {props.t('editor.photo_room')}: {props.context}
      </label>
      <select
        id={`${id}-room`}
        name="room_type"
        defaultValue={props.photo.roomType ?? ''}
        data-testid="photo-room"
      >
        <option value="">{props.t('editor.not_specified')}</option>
        {props.roomTypes.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {/* A floor plan is shown in its own group and is never the main photo (issue 38 point 13). */}
      <label className="checkbox">
        <input
          type="checkbox"
          name="floor_plan"
          value="1"
          defaultChecked={props.photo.isFloorPlan}
          aria-label={`${props.t('media.floor_plan')}: ${props.context}`}
          data-testid="photo-floor-plan"
        />{' '}
        {props.t('media.floor_plan')}
      </label>
      <button
        type="submit"
        className="button"
        data-testid="photo_room"
        aria-label={`${props.t('action.save')}: ${props.context}`}
      >
        {props.t('action.save')}
      </button>
    </Form>
  );
}

export function PhotoList(props: {
  photos: EditorPhoto[];
  roomTypes: EditorOption[];
  t: Text;
  result: FormResult | undefined;
}) {
  const { photos, t, result } = props;
  const { tag } = useI18n();
  const list = useRef<HTMLOListElement>(null);
  // While a photo's variants are being made, ask again every little while (issue 38 defect 4).
  const revalidator = useRevalidator();
  const processing = photos.some((photo) => photo.status === 'processing');
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }, [processing, revalidator]);
  const reorder = usePointerReorder(list, photos.length);
  // After a move the moved photo keeps the focus (its buttons change places).
  const focus = (result as (FormResult & { focus?: string }) | undefined)?.focus;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer moves the focus, even to the same photo
  useEffect(() => {
    if (focus) list.current?.querySelector<HTMLElement>(`[data-photo="${focus}"]`)?.focus();
  }, [focus, result]);
  if (photos.length === 0) return <p>{t('editor.photos_empty')}</p>;
  return (
    <>
      {photos.length > 1 && <p className="field__hint">{t('editor.photos_drag_hint')}</p>}
      <ol className="photo-list" ref={list} data-testid="photo-list" aria-busy={reorder.busy}>
        {photos.map((photo, index) => {
          const name = t('editor.photo_alt', { index: index + 1 });
          return (
            <li
              key={photo.id}
              tabIndex={-1}
              data-photo={`photo-${photo.id}`}
              data-testid="photo"
              data-id={photo.id}
              data-status={photo.status}
              className={reorder.classOf(index)}
            >
              {photo.src ? (
                <img
                  src={photo.src}
                  alt={photo.roomLabel ? `${name}, ${photo.roomLabel}` : name}
                  width={160}
                  height={120}
                  className="photo-list__handle"
                  draggable={false}
                  data-testid="photo-handle"
                  {...reorder.handlers(photo.id, index)}
                />
              ) : (
                // Until the variants exist: a placeholder of the same size saying why.
                <div
                  className={`photo-list__placeholder${photo.status === 'failed' ? ' is-failed' : ''}`}
                  role="img"
                  aria-label={`${name}: ${
                    photo.status === 'failed'
                      ? t('validation.invalid_photo', photoLimitValues(tag))
                      : t('editor.photo_processing')
                  }`}
                  data-testid="photo-placeholder"
                  data-status={photo.status}
                >
                  <span aria-hidden="true">
                    {photo.status === 'failed'
                      ? t('validation.invalid_photo', photoLimitValues(tag))
                      : t('editor.photo_processing')}
                  </span>
                </div>
              )}
              <p>
                {photo.isMain && (
                  <strong className="badge" data-testid="photo-main">
                    {t('editor.photo_main')}
                  </strong>
                )}{' '}
                {photo.isFloorPlan && (
                  <strong className="badge" data-testid="photo-floor-plan-badge">
                    {t('media.floor_plan')}
                  </strong>
                )}{' '}
                {photo.roomLabel}
              </p>
              <PhotoRoom photo={photo} roomTypes={props.roomTypes} t={t} context={name} />
              <div className="inline-actions">
                {!photo.isMain && (
                  <PhotoAction
                    intent="photo_main"
                    mediaId={photo.id}
                    label={t('editor.set_main')}
                    context={name}
                  />
                )}
                {index > 0 && (
                  <PhotoAction
                    intent="photo_earlier"
                    mediaId={photo.id}
                    label={t('editor.move_earlier')}
                    context={name}
                  />
                )}
                {index < photos.length - 1 && (
                  <PhotoAction
                    intent="photo_later"
                    mediaId={photo.id}
                    label={t('editor.move_later')}
                    context={name}
                  />
                )}
                <PhotoAction
                  intent="photo_delete"
                  mediaId={photo.id}
                  label={t('action.delete')}
                  context={name}
                  danger
                  confirm={t('account.confirm_delete')}
                />
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** How far (px) a pointer moves before a press becomes a drag (a click stays a click). */
const DRAG_THRESHOLD = 6;

interface Drag {
  pointerId: number;
  mediaId: number;
  from: number;
  startX: number;
  startY: number;
  moving: boolean;
  over: number;
}

/**
 * Dragging a photo by its picture with any pointer: the photo under the pointer is where it
 * goes (marked while dragging); letting go posts `photo_move` with the new position to the
 * editor's action, which saves the whole order. Escape or a cancelled pointer leaves it be.
 */
function usePointerReorder(list: RefObject<HTMLOListElement | null>, count: number) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'photo_move';
  useEffect(() => {
    if (!drag) return;
    const cancel = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrag(null);
    };
    window.addEventListener('keydown', cancel);
    return () => window.removeEventListener('keydown', cancel);
  }, [drag]);
  const indexAt = (x: number, y: number): number | null => {
    const item = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-testid="photo"]');
    if (!item || !list.current?.contains(item)) return null;
    const index = Array.from(list.current.children).indexOf(item);
    return index >= 0 && index < count ? index : null;
  };
  return {
    busy,
    classOf(index: number): string | undefined {
      if (!drag?.moving) return undefined;
      if (index === drag.from) return 'photo-list__item--dragging';
      if (index === drag.over) return 'photo-list__item--target';
      return undefined;
    },
    handlers(mediaId: number, index: number) {
      return {
        onPointerDown(event: PointerEvent<HTMLImageElement>) {
          if (busy || (event.pointerType === 'mouse' && event.button !== 0)) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          setDrag({
            pointerId: event.pointerId,
            mediaId,
            from: index,
            startX: event.clientX,
            startY: event.clientY,
            moving: false,
            over: index,
          });
        },
        onPointerMove(event: PointerEvent<HTMLImageElement>) {
          if (!drag || drag.pointerId !== event.pointerId) return;
          const moving =
            drag.moving ||
            Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) > DRAG_THRESHOLD;
          if (!moving) return;
          event.preventDefault();
          const over = indexAt(event.clientX, event.clientY) ?? drag.over;
          if (moving !== drag.moving || over !== drag.over) setDrag({ ...drag, moving, over });
        },
        onPointerUp(event: PointerEvent<HTMLImageElement>) {
          if (!drag || drag.pointerId !== event.pointerId) return;
          const to = indexAt(event.clientX, event.clientY) ?? drag.over;
          setDrag(null);
          if (!drag.moving || to === drag.from) return;
          // The move's outcome reaches the page through the route's revalidated data.
          void submit(
            { intent: 'photo_move', media_id: String(drag.mediaId), position: String(to) },
            { method: 'post' },
          );
        },
        onPointerCancel() {
          setDrag(null);
        },
      };
    },
  };
}
