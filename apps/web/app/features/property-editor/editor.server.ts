import {
  COUNTRY_CODES,
  type FormDefinition,
  type FormField,
  type Locale,
  layoutFromRooms,
  localToUtc,
  type OwnProperty,
  offerHeading,
  SaveTourDatesBodySchema,
  timeZoneLabel,
  timeZoneOfCountry,
  utcToLocal,
} from '@estately/domain';
import {
  formatArea,
  formatPrice,
  isMessageKey,
  LOCALE_DATA,
  localeData,
  type MessageKey,
  type Translator,
} from '@estately/i18n';
import { data, type RouterContextProvider } from 'react-router';
import { ApiError, retryWaitSeconds } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { tooManyRequestsText } from '../../i18n/error-text.ts';
import {
  apiErrorsToForm,
  checkStep,
  EDITOR_STEPS,
  type EditorStep,
  isEditorStep,
  readStepForm,
  STEP_FIELDS,
  stepOfField,
  withLimits,
} from '../../lib/editor-steps.ts';
import { requestApi } from '../../request-state.server.ts';
import { editPropertyPath, newPropertyPath, photoUploadPath } from '../../routing/editor-paths.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { notFound } from '../../routing/screen.server.ts';
import { propertyDetailPath } from '../../routing/site-paths.ts';
import { signInAgain } from '../../session/sign-in-again.server.ts';
import type { FieldErrors } from '../../ui/forms/form-errors.ts';
import type { FormResult } from '../../ui/forms/form-ui.tsx';
import { resolveMediaUrl } from '../../ui/offers/offer-card-view.server.ts';
import { FIELD_LABEL_KEYS } from '../../ui/property-form/editor-texts.server.ts';
import {
  mediaExtrasAction,
  mediaExtrasEditorData,
} from '../../ui/property-media-extras/media-extras.server.ts';
import type { EditorData, EditorField, EditorProblem } from './editor-model.ts';
import { photoLimitValues } from './photo-formats.ts';
import { trustChecklistView } from './trust-checklist.server.ts';

// Loader and action of the property editor (issue 10). Every step is a form posting here; the
// action turns it into POST /v1/property/save for the signed-in owner (the API checks ownership:
// someone else's id answers 404 like an unknown one), photos into the photo calls, viewings into
// save-tour-dates and "publish" into set-state. The fields, their limits and value lists come
// from GET /v1/property/property-form in the page's language.

type Context = Readonly<RouterContextProvider>;

function api(context: Context, request: Request) {
  return requestApi(context, request, context.get(webConfigContext)).client;
}

/** The country a new property starts in: the locale's own where the product serves it. */
function defaultCountry(locale: Locale): string {
  const region = localeData(locale).tag.split('-').pop()?.toUpperCase() ?? '';
  return (COUNTRY_CODES as readonly string[]).includes(region) ? region : 'CZ';
}

/**
 * A new property's first values: a sale of a flat in the locale's country, priced in the
 * locale's currency (francs for de-CH, lira for tr; decision 050), which the seller may change.
 */
export function newPropertyValues(locale: Locale): Record<string, string> {
  return {
    offer_type: 'sale',
    property_type: 'apartment',
    country_code: defaultCountry(locale),
    currency_iso_code: localeData(locale).currency,
  };
}

function fieldsOf(definition: FormDefinition, t: Translator): EditorField[] {
  const localeLabels = new Map(LOCALE_DATA.map((row) => [row.locale as string, row.label]));
  const toField = (field: FormField | NonNullable<FormField['fields']>[number]): EditorField => {
    const fallback = FIELD_LABEL_KEYS[field.name];
    const out: EditorField = {
      name: field.name,
      type: field.type,
      label: field.label ?? (fallback ? t(fallback) : field.name),
      required: field.required,
      requiredForRent: field.required_for_rent ?? false,
    };
    if (field.min !== undefined) out.min = field.min;
    if (field.max !== undefined) out.max = field.max;
    if (field.max_length !== undefined) out.maxLength = field.max_length;
    if (field.values)
      out.values = field.values.map((option) => ({
        value: option.value,
        label: option.label ?? localeLabels.get(option.value) ?? option.value,
      }));
    if ('fields' in field && field.fields) out.fields = field.fields.map(toField);
    return out;
  };
  return definition.fields.map(toField);
}

/** The saved values as the forms show them. */
function formValuesOf(
  property: Partial<OwnProperty> | null,
  locale: Locale,
): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  if (!property) return newPropertyValues(locale);
  for (const [name, value] of Object.entries(property)) {
    if (value === null || value === undefined) continue;
    if (name === 'room' && Array.isArray(value)) {
      for (const room of value as string[])
        values[`room.${room}`] = String(Number(values[`room.${room}`] ?? 0) + 1);
    } else if (name === 'contact' && typeof value === 'object') {
      for (const [sub, subValue] of Object.entries(value as Record<string, unknown>))
        if (subValue !== null && subValue !== undefined) values[`contact.${sub}`] = String(subValue);
    } else if (Array.isArray(value)) values[name] = value.map(String);
    else if (typeof value !== 'object') values[name] = String(value);
  }
  return values;
}

function stepLabel(t: Translator, step: EditorStep): string {
  return t(`editor.step.${step}` as MessageKey);
}

function fieldLabel(fields: EditorField[], path: string): string {
  const [top, sub] = path.split('.');
  const field = fields.find((candidate) => candidate.name === top);
  if (!field) return path;
  if (sub) return field.fields?.find((candidate) => candidate.name === sub)?.label ?? field.label;
  return field.label;
}

/** What publishing still needs, each with a link to the step that edits it. */
export function problemsOf(
  problems: Readonly<Record<string, readonly string[]>>,
  fields: EditorField[],
  t: Translator,
  locale: Locale,
  id: number,
): EditorProblem[] {
  return Object.keys(problems).map((field) => {
    const step = stepOfField(field);
    return {
      field,
      // Photos are no form field: the missing photo is named by its step.
      label: field === 'photos' ? stepLabel(t, 'photos') : fieldLabel(fields, field),
      step,
      stepLabel: stepLabel(t, step),
      href: editPropertyPath(locale, id, step),
    };
  });
}

/** The owner's view of a property and its version (the strong ETag the API answers with). */
async function loadProperty(
  context: Context,
  request: Request,
  id: number,
): Promise<{ property: OwnProperty; etag: string | null }> {
  try {
    let etag: string | null = null;
    const answer = await api(context, request).get<{ view: string; data: OwnProperty }>(`/properties/${id}`, {
      onResponse: (response) => {
        etag = response.headers.get('etag');
      },
    });
    // Another person's active offer reads as public: not theirs to edit.
    if (answer.view !== 'owner') notFound();
    return { property: answer.data, etag };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}

export function parsePropertyId(param: string | undefined): number | null {
  if (param === 'new') return null;
  if (!param || !/^\d{1,12}$/.test(param)) notFound();
  return Number(param);
}

export async function loadEditor(
  context: Context,
  request: Request,
  locale: Locale,
  t: Translator,
  propertyId: number | null,
): Promise<EditorData> {
  const config = context.get(webConfigContext);
  const url = pageUrl(request);
  const [definition, loaded] = await Promise.all([
    api(context, request).get<FormDefinition>('/v1/property/property-form'),
    propertyId === null ? Promise.resolve(null) : loadProperty(context, request, propertyId),
  ]);
  const property = loaded?.property ?? null;
  const fields = fieldsOf(definition, t);
  const requested = url.searchParams.get('step');
  const step: EditorStep = property && isEditorStep(requested) ? requested : 'type';
  const stepIndex = EDITOR_STEPS.indexOf(step);
  const problems = property ? problemsOf(property.publish_problems, fields, t, locale, property.id) : [];
  const attention = new Set(problems.map((problem) => problem.step));
  const steps = EDITOR_STEPS.map((candidate) => ({
    step: candidate,
    label: stepLabel(t, candidate),
    href: property ? editPropertyPath(locale, property.id, candidate) : newPropertyPath(locale),
    needsAttention: attention.has(candidate),
  }));
  const next = EDITOR_STEPS[stepIndex + 1];
  const roomTypes = fields.find((field) => field.name === 'room')?.values ?? [];
  const roomLabel = new Map(roomTypes.map((option) => [option.value, option.label]));
  // Viewing slots are stored in UTC and entered in the property's local time (decision 011).
  const timeZone = timeZoneOfCountry(property?.country_code);
  return {
    propertyId: property?.id ?? null,
    trustChecklist: property ? trustChecklistView(property.trust_score, locale) : null,
    step,
    stepIndex,
    steps,
    fields,
    values: formValuesOf(property, locale),
    offerType: property?.offer_type ?? 'sale',
    photos: (property?.photos ?? []).map((photo) => ({
      id: photo.id,
      src: photo.image_file ? resolveMediaUrl(photo.image_file.thumb, config.publicApiUrl) : null,
      status: photo.status,
      isMain: photo.is_main,
      roomType: photo.room_type,
      roomLabel: photo.room_type ? (roomLabel.get(photo.room_type) ?? photo.room_type) : null,
      isFloorPlan: photo.kind === 'floor_plan',
    })),
    mediaExtras: property ? mediaExtrasEditorData(property, locale, t, config.publicApiUrl) : null,
    roomTypes,
    tourDates: (property?.tour_dates ?? [])
      .map((slot) => ({
        startsAt: new Date(`${slot.date}T${slot.from}:00Z`),
        endsAt: new Date(`${slot.date}T${slot.to}:00Z`),
        capacity: slot.capacity,
      }))
      .filter((slot) => slot.startsAt.getTime() > Date.now())
      .map((slot) => {
        const start = utcToLocal(slot.startsAt, timeZone);
        return {
          date: start.date,
          from: start.time,
          to: utcToLocal(slot.endsAt, timeZone).time,
          capacity: slot.capacity,
        };
      }),
    tourTimeZone: timeZoneLabel(timeZone, locale),
    problems,
    preview:
      property && step === 'preview' ? previewOf(property, fields, t, locale, config.publicApiUrl) : null,
    canPublish: Boolean(property?.allowed_states.includes('active')),
    nextHref: property && next ? editPropertyPath(locale, property.id, next) : null,
    nextLabel: next ? stepLabel(t, next) : null,
    uploadUrl: property ? photoUploadPath(locale, property.id) : null,
    // Photos sent by the form without scripts come back here with the first refusal's key.
    uploadError: (() => {
      const key = url.searchParams.get('photo_error');
      return key && isMessageKey(key) ? t(key, photoLimitValues(localeData(locale).tag)) : null;
    })(),
    listHref: `${newPropertyPath(locale).replace(/\/new$/, '')}`,
    apiUrl: config.publicApiUrl,
    locale,
    createKey: property ? null : crypto.randomUUID(),
    etag: loaded?.etag ?? null,
  };
}

/**
 * The price as the preview shows it: "price on request" only when the seller chose that
 * variant; no price otherwise is a missing item (publishing lists it too), never read as
 * "on request".
 */
export function previewPrice(
  property: Pick<OwnProperty, 'price' | 'price_variant' | 'currency_iso_code'>,
  t: Translator,
  locale: Locale,
): string {
  if (property.price_variant === 'on_request') return t('offer.price_on_request');
  if (property.price === null) return t('editor.price_missing');
  return formatPrice(property.price, property.currency_iso_code, locale);
}

function previewOf(
  property: OwnProperty,
  fields: EditorField[],
  t: Translator,
  locale: Locale,
  publicApiUrl: string,
): EditorData['preview'] {
  const option = (name: string, value: string | null) =>
    value === null
      ? null
      : (fields.find((field) => field.name === name)?.values?.find((entry) => entry.value === value)?.label ??
        value);
  const facts: { label: string; value: string }[] = [];
  const add = (name: string, value: string | null | undefined) => {
    if (value) facts.push({ label: fieldLabel(fields, name), value });
  };
  add('disposition', option('disposition', property.disposition));
  add(
    'useful_area',
    property.useful_area_meters !== null ? formatArea(property.useful_area_meters, locale) : null,
  );
  add(
    'floor',
    property.floor !== null
      ? property.total_floors !== null
        ? `${property.floor}/${property.total_floors}`
        : String(property.floor)
      : null,
  );
  add('type_of_building', option('type_of_building', property.type_of_building));
  add('ownership', option('ownership', property.ownership));
  add('penb', option('penb', property.penb));
  // The preview shows what visitors will see: photos whose variants exist (issue 38 defect 4).
  const ready = property.photos.filter((photo) => photo.image_file !== null);
  // A floor plan is never the card's main photo (issue 38 point 13).
  const pictures = ready.filter((photo) => photo.kind === 'photo');
  const main = pictures.find((photo) => photo.is_main) ?? pictures[0];
  return {
    // The title the offer page will show: "Prodej bytu 3+kk, 75 m²" (issue 38 point 5).
    title: offerHeading(
      { ...property, layout: layoutFromRooms(property.room) },
      property.useful_area_meters !== null ? formatArea(property.useful_area_meters, locale) : null,
      t.dynamic,
    ),
    price: previewPrice(property, t, locale),
    address: [property.street, property.city_part, property.city].filter(Boolean).join(', '),
    facts,
    description: property.description,
    photo: main?.image_file ? resolveMediaUrl(main.image_file.card, publicApiUrl) : null,
    photoCount: ready.length,
    state: property.state,
    stateLabel: t(`value.property_state.${property.state}` as MessageKey),
    publicHref: property.state === 'active' ? propertyDetailPath(locale, property.id) : null,
  };
}

// --- actions ------------------------------------------------------------------------------

export interface EditorActionInput {
  context: Context;
  request: Request;
  locale: Locale;
  t: Translator;
  propertyId: number | null;
}

export async function editorAction(input: EditorActionInput) {
  const { context, request, locale, t, propertyId } = input;
  const client = api(context, request);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const failure = (resultIntent: string, error: unknown, fields: EditorField[] = []) => {
    if (error instanceof Response) throw error;
    // The session ended (the refresh failed too): sign in again and come back to this step,
    // where the form puts back what was typed.
    if (error instanceof ApiError && error.status === 401) return signInAgain(context, request, locale);
    if (error instanceof ApiError && error.status === 404) notFound();
    // Someone changed the property since this page loaded it (another tab, a colleague): nothing
    // was written. Say so and put back what was typed; the page keeps the old version's tag
    // (no reload after a 4xx), so saving again cannot overwrite the other change unseen.
    if (error instanceof ApiError && error.status === 412)
      return data<FormResult & { stale: true }>(
        { intent: resultIntent, formError: t('editor.changed_elsewhere'), values: typed(), stale: true },
        { status: 412 },
      );
    // A refusal of the property as a whole (the account holds as many as it may): said above
    // the form, in words, with what was typed kept.
    const whole = error instanceof ApiError ? error.errors?.property?.[0] : undefined;
    if (whole && isMessageKey(whole))
      return data<FormResult>(
        { intent: resultIntent, formError: t(whole), values: typed() },
        { status: 422 },
      );
    if (error instanceof ApiError && error.errors)
      return data<FormResult>(
        { intent: resultIntent, errors: withLimits(apiErrorsToForm(error.errors), fields) },
        { status: 422 },
      );
    const text =
      error instanceof ApiError && error.status === 429
        ? tooManyRequestsText(t, retryWaitSeconds(error))
        : error instanceof ApiError && error.status === 0
          ? t('error.network')
          : t('error.generic');
    return data<FormResult>({ intent: resultIntent, formError: text }, { status: 400 });
  };
  const typed = () => {
    const values: Record<string, string> = {};
    for (const [name, value] of form.entries())
      if (typeof value === 'string' && name !== 'intent' && name !== 'etag') values[name] = value;
    return values;
  };
  // The version the form was loaded with, sent as If-Match on every write of the property
  // itself (decision 014). Photos and viewings are resources of their own and carry no tag.
  const etag = String(form.get('etag') ?? '');
  const ifMatch: Record<string, string> = /^"[\x21\x23-\x7e]{1,200}"$/.test(etag) ? { 'if-match': etag } : {};

  // The video link and the energy certificate (issue 38 point 13).
  const media = await mediaExtrasAction({ context, request, form, intent, propertyId, t, failure });
  if (media) return media;

  if (intent === 'create' || intent.startsWith('step:')) {
    const step: EditorStep = intent === 'create' ? 'type' : (intent.slice(5) as EditorStep);
    if (!isEditorStep(step) || STEP_FIELDS[step].length === 0 || (intent !== 'create' && propertyId === null))
      return data<FormResult>({ intent, formError: t('error.generic') }, { status: 400 });
    let fields: EditorField[] = [];
    try {
      fields = fieldsOf(await client.get<FormDefinition>('/v1/property/property-form'), t);
      const checked = checkStep(readStepForm(step, form, fields));
      if (!checked.ok)
        return data<FormResult>(
          { intent, errors: withLimits(checked.errors, fields), values: typed() },
          { status: 422 },
        );
      // A create sent twice (a double click, a retry after a timeout) makes one draft (decision 014).
      const key = String(form.get('idempotency_key') ?? '');
      const saved = await client.post<{ data: { id: number } }>(
        '/v1/property/save',
        propertyId === null ? checked.data : { ...checked.data, id: propertyId },
        propertyId === null
          ? /^[\x21-\x7e]{1,255}$/.test(key)
            ? { headers: { 'idempotency-key': key } }
            : {}
          : { headers: ifMatch },
      );
      const id = saved.data.id;
      const next = EDITOR_STEPS[EDITOR_STEPS.indexOf(step) + 1] ?? 'preview';
      return data<FormResult & { next: string }>({
        intent,
        done: t('editor.saved'),
        next: editPropertyPath(locale, id, next),
      });
    } catch (error) {
      return failure(intent, error, fields);
    }
  }

  if (propertyId === null)
    return data<FormResult>({ intent, formError: t('error.generic') }, { status: 400 });

  switch (intent) {
    case 'publish': {
      try {
        await client.post(
          `/v1/properties/set-state/${propertyId}`,
          { state: 'active' },
          { headers: ifMatch },
        );
        return data<FormResult>({ intent, done: t('editor.published') });
      } catch (error) {
        if (!(error instanceof ApiError) || !error.errors || error.status !== 422)
          return failure(intent, error);
        // What is missing, each with a link to its step (the API names the fields).
        const fields = fieldsOf(await client.get<FormDefinition>('/v1/property/property-form'), t);
        return data<FormResult & { problems: EditorProblem[] }>(
          {
            intent,
            formError: t('editor.missing'),
            problems: problemsOf(error.errors, fields, t, locale, propertyId),
          },
          { status: 422 },
        );
      }
    }
    case 'photo_delete': {
      const mediaId = Number(form.get('media_id'));
      try {
        await client.delete(`/properties/${propertyId}/property_medias/${mediaId}`);
        return data<FormResult>({ intent, done: t('account.deleted') });
      } catch (error) {
        return failure(intent, error);
      }
    }
    case 'photo_room': {
      const mediaId = Number(form.get('media_id'));
      const roomType = String(form.get('room_type') ?? '');
      try {
        await client.patch(`/properties/${propertyId}/property_medias/${mediaId}`, {
          room_type: roomType === '' ? null : roomType,
          kind: form.get('floor_plan') ? 'floor_plan' : 'photo',
        });
        return data<FormResult & { focus: string }>({
          intent,
          done: t('toast.saved'),
          focus: `photo-${mediaId}`,
        });
      } catch (error) {
        return failure(intent, error);
      }
    }
    case 'photo_main':
    case 'photo_earlier':
    case 'photo_later':
    case 'photo_move': {
      const mediaId = Number(form.get('media_id'));
      const position = Number(form.get('position'));
      if (intent === 'photo_move' && !(Number.isInteger(position) && position >= 0))
        return data<FormResult>({ intent, formError: t('error.generic') }, { status: 400 });
      try {
        const { property } = await loadProperty(context, request, propertyId);
        const order = property.photos.map((photo) => photo.id);
        const at = order.indexOf(mediaId);
        if (at < 0) return data<FormResult>({ intent, formError: t('error.generic') }, { status: 400 });
        order.splice(at, 1);
        // A drag names the place it was dropped on (the index in the list as shown).
        const to =
          intent === 'photo_move'
            ? position
            : intent === 'photo_main'
              ? 0
              : intent === 'photo_earlier'
                ? Math.max(0, at - 1)
                : at + 1;
        order.splice(Math.min(to, order.length), 0, mediaId);
        await client.patch(`/properties/${propertyId}/property_medias`, { order });
        return data<FormResult & { focus: string }>({
          intent,
          done: t('toast.saved'),
          focus: `photo-${mediaId}`,
        });
      } catch (error) {
        return failure(intent, error);
      }
    }
    case 'tour_dates': {
      const rows: Record<string, unknown>[] = [];
      const indexOf: number[] = [];
      for (let index = 0; index < 100; index++) {
        const get = (name: string) => String(form.get(`tour.${index}.${name}`) ?? '').trim();
        if (!form.has(`tour.${index}.date`)) break;
        const row = { date: get('date'), from: get('from'), to: get('to'), capacity: get('capacity') };
        if (!row.date && !row.from && !row.to) continue;
        const capacity = Number(row.capacity || '1');
        rows.push({ ...row, capacity: Number.isFinite(capacity) ? capacity : row.capacity });
        indexOf.push(index);
      }
      // Errors name the row as the form does (`tour.3.date`), whichever rows were left empty.
      const rename = (errors: FieldErrors): FieldErrors =>
        Object.fromEntries(
          Object.entries(errors).map(([path, list]) => {
            const match = /^tour_dates\.(\d+)\.(\w+)$/.exec(path);
            return [match ? `tour.${indexOf[Number(match[1])]}.${match[2]}` : path, list];
          }),
        );
      const checked = SaveTourDatesBodySchema.safeParse({ property_id: propertyId, tour_dates: rows });
      if (!checked.success) {
        const errors: FieldErrors = {};
        for (const issue of checked.error.issues) {
          const path = issue.path.map(String).join('.');
          const key = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid_value';
          const list = errors[path] ?? [];
          errors[path] = list;
          list.push({ key, values: { min: 1, max: 100 } });
        }
        return data<FormResult>({ intent, errors: rename(errors), values: typed() }, { status: 422 });
      }
      try {
        // The rows are the property's local time; the API takes UTC (decision 011).
        const { property } = await loadProperty(context, request, propertyId);
        const timeZone = timeZoneOfCountry(property.country_code);
        const errors: FieldErrors = {};
        const tourDates = checked.data.tour_dates.map((slot, row) => {
          const startsAt = localToUtc({ date: slot.date, time: slot.from }, timeZone).toISOString();
          const endsAt = localToUtc({ date: slot.date, time: slot.to }, timeZone).toISOString();
          // A slot is one UTC day in the API: one across UTC midnight cannot be stored.
          if (startsAt.slice(0, 10) !== endsAt.slice(0, 10))
            errors[`tour.${indexOf[row]}.to`] = [{ key: 'validation.invalid_value', values: {} }];
          return {
            ...slot,
            date: startsAt.slice(0, 10),
            from: startsAt.slice(11, 16),
            to: endsAt.slice(11, 16),
          };
        });
        if (Object.keys(errors).length > 0)
          return data<FormResult>({ intent, errors, values: typed() }, { status: 422 });
        await client.post('/v1/property/save-tour-dates', { ...checked.data, tour_dates: tourDates });
        return data<FormResult>({ intent, done: t('toast.saved') });
      } catch (error) {
        if (error instanceof ApiError && error.errors) {
          const errors: FieldErrors = {};
          for (const [path, keys] of Object.entries(error.errors))
            errors[path] = keys.map((key) => ({
              key: key.startsWith('validation.') ? key : 'validation.invalid_value',
              values: { min: 1, max: 100 },
            }));
          return data<FormResult>({ intent, errors: rename(errors), values: typed() }, { status: 422 });
        }
        return failure(intent, error);
      }
    }
    default:
      return data<FormResult>({ intent, formError: t('error.generic') }, { status: 400 });
  }
}
