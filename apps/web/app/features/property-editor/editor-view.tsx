import { type ReactNode, useEffect, useRef } from 'react';
import { Form, Link, useLocation, useNavigate, useNavigation } from 'react-router';
import { checkStep, type EditorStep, readStepForm, STEP_FIELDS, withLimits } from '../../lib/editor-steps.ts';
import type { FieldErrors } from '../../ui/forms/form-errors.ts';
import {
  type FormResult,
  formStashKey,
  LabelledField,
  type Text,
  ValidatedForm,
} from '../../ui/forms/form-ui.tsx';
import { MediaExtrasEditor } from '../../ui/property-media-extras/media-extras-editor.tsx';
import { EditorChoices, EditorContact, EditorInput, EditorRooms, shownValue } from './editor-fields.tsx';
import type { EditorData, EditorField, EditorProblem } from './editor-model.ts';
import { useLocationFields } from './location-picker.tsx';
import { PhotoList, PhotoUploader } from './photo-manager.tsx';
import { TrustChecklist } from './trust-checklist.tsx';

// The property editor (issue 10): a list of steps, the current step's form and, last, the
// preview with publishing. Each step's form saves the draft and moves on to the next step;
// without scripts the answer links to it instead.

/** Location state of the editor's moves between steps: the new step's heading takes the focus. */
const FOCUS_STEP = { focusStep: true };
/** The price step's fields of a rent's true monthly cost (decision 074): shown for rent offers only. */
const MONTHLY_COST_FIELDS = new Set(['monthly_fees', 'monthly_utilities', 'utilities_included']);

export type EditorResult = FormResult & {
  next?: string;
  problems?: EditorProblem[];
  focus?: string;
  /** The property changed elsewhere since this page loaded it (412): nothing was saved. */
  stale?: boolean;
};

/** The version this page was loaded with, sent back as If-Match with every write of the property. */
function VersionField(props: { etag: string | null }) {
  return props.etag ? <input type="hidden" name="etag" value={props.etag} /> : null;
}

/** After a 412: a link that loads the latest version of this step (what was typed stays in the form until then). */
function ReloadLatest(props: { result: EditorResult | undefined; intent: string; t: Text }) {
  const location = useLocation();
  if (!props.result?.stale || props.result.intent !== props.intent) return null;
  return (
    <p data-testid="reload-latest">
      {/* A full load of the latest version: what this tab kept for the form is dropped, so the
          fields show the saved values, not the refused ones. */}
      <a
        href={location.pathname + location.search}
        onClick={() => sessionStorage.removeItem(formStashKey(location.pathname, props.intent))}
      >
        {props.t('editor.reload_latest')}
      </a>
    </p>
  );
}

function Problems(props: { problems: EditorProblem[]; t: Text; testId: string }) {
  return (
    <ul className="editor-problems" data-testid={props.testId}>
      {props.problems.map((problem) => (
        <li key={problem.field} data-field={problem.field}>
          <Link to={problem.href} state={FOCUS_STEP}>
            {problem.label}
            <span className="editor-problems__step"> ({problem.stepLabel})</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function fieldNames(fields: EditorField[], step: EditorStep): string[] {
  const names: string[] = [];
  for (const name of STEP_FIELDS[step]) {
    names.push(name);
    const field = fields.find((candidate) => candidate.name === name);
    for (const sub of field?.fields ?? []) names.push(`${name}.${sub.name}`);
  }
  return names;
}

function StepForm(props: {
  data: EditorData;
  step: EditorStep;
  t: Text;
  result: EditorResult | undefined;
  children: (field: EditorField, value: string) => ReactNode;
}) {
  const { data, step, t, result } = props;
  const intent = data.propertyId === null ? 'create' : `step:${step}`;
  const navigate = useNavigate();
  const mine = result?.intent === intent ? result : undefined;
  // Saved: on to the next step (the answer names it).
  useEffect(() => {
    if (mine?.done && mine.next) navigate(mine.next, { state: FOCUS_STEP });
  }, [mine, navigate]);
  const fields = STEP_FIELDS[step]
    .map((name) => data.fields.find((field) => field.name === name))
    .filter((field): field is EditorField => Boolean(field));
  return (
    <ValidatedForm
      intent={intent}
      t={t}
      result={result}
      submitLabel={t('editor.save_continue')}
      fields={fieldNames(data.fields, step)}
      validate={(form) => {
        const checked = checkStep(readStepForm(step, form, data.fields));
        return checked.ok ? null : (withLimits(checked.errors, data.fields) as FieldErrors);
      }}
      testId={`step-form-${step}`}
      className="editor-form"
    >
      {intent === 'create' && data.createKey && (
        <input type="hidden" name="idempotency_key" value={data.createKey} />
      )}
      <VersionField etag={data.etag} />
      <ReloadLatest result={result} intent={intent} t={t} />
      {fields.map((field) => props.children(field, shownValue(data.values, result, intent, field.name)))}
      {mine?.done && mine.next && data.nextLabel && (
        <p>
          <Link to={mine.next} state={FOCUS_STEP}>
            {t('editor.next_step', { step: data.nextLabel })}
          </Link>
        </p>
      )}
    </ValidatedForm>
  );
}

function renderField(data: EditorData, t: Text, result: EditorResult | undefined, intent: string) {
  return (field: EditorField, value: string) => {
    if (field.name === 'room')
      return (
        <EditorRooms key="room" field={field} values={data.values} t={t} result={result} intent={intent} />
      );
    if (field.type === 'multi_enum') {
      const selected = data.values[field.name];
      return (
        <EditorChoices key={field.name} field={field} selected={Array.isArray(selected) ? selected : []} />
      );
    }
    if (field.type === 'group')
      return (
        <EditorContact
          key={field.name}
          field={field}
          values={data.values}
          t={t}
          result={result}
          intent={intent}
        />
      );
    if (field.name === 'minimum_rental_period' && data.offerType !== 'rent') return null;
    // A month's fees and utilities make a rent's true monthly cost (decision 074).
    if (MONTHLY_COST_FIELDS.has(field.name) && data.offerType !== 'rent') return null;
    if (field.name === 'rent_price_period' && data.offerType !== 'rent') return null;
    return (
      <EditorInput
        key={field.name}
        field={field}
        value={value}
        t={t}
        hint={
          field.name === 'minimum_rental_period'
            ? t('editor.months_hint')
            : field.name === 'monthly_fees' || field.name === 'monthly_utilities'
              ? t('editor.monthly_amount_hint')
              : // The layout's kitchen part (3+kk or 3+1) comes from the room list (spec 3).
                field.name === 'disposition'
                ? t('editor.disposition_hint')
                : undefined
        }
      />
    );
  };
}

function LocationStep(props: { data: EditorData; t: Text; result: EditorResult | undefined }) {
  const { data, t, result } = props;
  // The place search, the map with its pin and the fields they fill (location-picker.tsx).
  const renderLocation = useLocationFields({ data, t, result, intent: 'step:location' });
  return (
    <StepForm data={data} step="location" t={t} result={result}>
      {renderLocation}
    </StepForm>
  );
}

function TourDatesStep(props: { data: EditorData; t: Text; result: EditorResult | undefined }) {
  const { data, t, result } = props;
  const intent = 'tour_dates';
  const typed = result?.intent === intent ? result.values : null;
  const typedRows = typed ? Object.keys(typed).filter((name) => /^tour\.\d+\.date$/.test(name)).length : 0;
  const count = Math.max(typedRows, data.tourDates.length + 1);
  const rows = Array.from({ length: count }, (_, index) => index);
  const value = (index: number, name: 'date' | 'from' | 'to' | 'capacity') => {
    const key = `tour.${index}.${name}`;
    const sent = typed?.[key];
    if (typeof sent === 'string') return sent;
    const slot = data.tourDates[index];
    return slot ? String(slot[name]) : name === 'capacity' ? '' : '';
  };
  const plain = (name: string, label: string, type: string): EditorField => ({
    name,
    label,
    type,
    required: false,
    requiredForRent: false,
  });
  return (
    <ValidatedForm
      intent={intent}
      t={t}
      result={result}
      submitLabel={t('action.save')}
      fields={rows.flatMap((index) =>
        ['date', 'from', 'to', 'capacity'].map((name) => `tour.${index}.${name}`),
      )}
      testId="tour-dates-form"
      className="editor-form"
    >
      <p className="field__hint">{t('editor.tour_hint', { zone: data.tourTimeZone })}</p>
      {rows.map((index) => (
        <fieldset key={index} className="editor-group editor-tour" data-testid="tour-row">
          <legend className="field__label">{t('editor.tour_slot', { index: index + 1 })}</legend>
          <EditorInput
            field={plain(`tour.${index}.date`, t('editor.tour_date'), 'date')}
            value={value(index, 'date')}
            t={t}
          />
          <TimeInput name={`tour.${index}.from`} label={t('filter.from')} value={value(index, 'from')} />
          <TimeInput name={`tour.${index}.to`} label={t('filter.to')} value={value(index, 'to')} />
          <EditorInput
            field={plain(`tour.${index}.capacity`, t('editor.tour_capacity'), 'integer')}
            value={value(index, 'capacity')}
            t={t}
          />
        </fieldset>
      ))}
    </ValidatedForm>
  );
}

/** A time field: the browser's own picker, keyboard included; errors as for any field. */
function TimeInput(props: { name: string; label: string; value: string }) {
  return (
    <LabelledField name={props.name} label={props.label}>
      {({ inputId, invalid, describedBy }) => (
        <input
          id={inputId}
          name={props.name}
          type="time"
          defaultValue={props.value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </LabelledField>
  );
}

function PreviewStep(props: { data: EditorData; t: Text; result: EditorResult | undefined }) {
  const { data, t, result } = props;
  const preview = data.preview;
  const navigation = useNavigation();
  const mine = result?.intent === 'publish' ? result : undefined;
  const problems = mine?.problems ?? data.problems;
  if (!preview) return null;
  const publishing = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'publish';
  return (
    <>
      <article className="editor-preview" data-testid="preview">
        {preview.photo && <img src={preview.photo} alt="" width={320} height={240} />}
        <div>
          <h3>{preview.title}</h3>
          <p className="editor-preview__price">{preview.price}</p>
          {preview.address && <p>{preview.address}</p>}
          <dl className="editor-preview__facts">
            {preview.facts.map((fact) => (
              <div key={fact.label}>
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
            <div>
              <dt>{t('account.offer_state')}</dt>
              <dd data-testid="preview-state">{preview.stateLabel}</dd>
            </div>
          </dl>
          <p>{t('offer.photos', { count: preview.photoCount })}</p>
          {preview.description && <p className="editor-preview__description">{preview.description}</p>}
        </div>
      </article>
      {data.trustChecklist && <TrustChecklist view={data.trustChecklist} />}
      <section aria-labelledby="editor-publish" className="editor-publish">
        <h3 id="editor-publish">{t('action.publish')}</h3>
        <div role="alert">
          {mine?.done && (
            <p className="notice" data-testid="publish-done">
              {mine.done}
            </p>
          )}
          {mine?.problems && mine.problems.length > 0 && (
            <p className="account-form__error" data-testid="publish-error">
              {mine.formError}
            </p>
          )}
          {mine?.formError && !mine.problems && (
            <p className="account-form__error" data-testid="publish-failed">
              {mine.formError}
            </p>
          )}
          <ReloadLatest result={result} intent="publish" t={t} />
        </div>
        {problems.length > 0 ? (
          <>
            {!mine?.problems && <p>{t('editor.missing')}</p>}
            <Problems problems={problems} t={t} testId="missing" />
          </>
        ) : (
          preview.state !== 'active' && <p data-testid="ready">{t('editor.ready')}</p>
        )}
        {preview.publicHref && (
          <p>
            <Link to={preview.publicHref} data-testid="view-offer">
              {t('editor.view_offer')}
            </Link>
          </p>
        )}
        {data.canPublish && (
          <Form method="post">
            <input type="hidden" name="intent" value="publish" />
            <VersionField etag={data.etag} />
            <button
              type="submit"
              className="button button--primary"
              disabled={publishing}
              data-testid="publish"
            >
              {t('action.publish')}
            </button>
          </Form>
        )}
      </section>
    </>
  );
}

export function PropertyEditor(props: {
  data: EditorData;
  t: Text;
  result: EditorResult | undefined;
  heading: string;
}) {
  const { data, t, result } = props;
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  // Moving to another step within the editor puts the focus on its heading (the page did not
  // reload); the editor's own links and the save's move ask for it in the location's state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per location
  useEffect(() => {
    if ((location.state as { focusStep?: boolean } | null)?.focusStep) stepHeading.current?.focus();
  }, [location.key]);
  const current = data.steps[data.stepIndex];
  const intent = data.propertyId === null ? 'create' : `step:${data.step}`;
  return (
    <section className="property-editor" data-testid="property-editor">
      <p>
        <Link to={data.listHref}>{t('editor.back_to_list')}</Link>
      </p>
      <h1>{props.heading}</h1>
      <nav aria-label={t('editor.steps')} className="editor-steps">
        <ol>
          {data.steps.map((step, index) => (
            <li key={step.step}>
              {data.propertyId === null && index > 0 ? (
                <span className="editor-steps__disabled">{step.label}</span>
              ) : (
                <Link
                  to={step.href}
                  state={FOCUS_STEP}
                  aria-current={index === data.stepIndex ? 'step' : undefined}
                >
                  {step.label}
                  {step.needsAttention && (
                    <span className="editor-steps__attention"> ({t('editor.needs_attention')})</span>
                  )}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <h2 ref={stepHeading} tabIndex={-1} data-testid="step-heading">
        {current?.label}
        <span className="field__hint editor-step-of">
          {' '}
          {t('editor.step_of', { index: data.stepIndex + 1, count: data.steps.length })}
        </span>
      </h2>
      {data.step === 'location' ? (
        <LocationStep data={data} t={t} result={result} />
      ) : data.step === 'photos' ? (
        <>
          {data.uploadUrl && (
            <PhotoUploader url={data.uploadUrl} roomTypes={data.roomTypes} t={t} error={data.uploadError} />
          )}
          <PhotoList photos={data.photos} roomTypes={data.roomTypes} t={t} result={result} />
          {data.mediaExtras && <MediaExtrasEditor data={data.mediaExtras} t={t} result={result} />}
          {data.nextHref && (
            <p>
              <Link to={data.nextHref} state={FOCUS_STEP} className="button">
                {t('editor.next_step', { step: data.nextLabel ?? '' })}
              </Link>
            </p>
          )}
        </>
      ) : data.step === 'tour_dates' ? (
        <>
          <TourDatesStep data={data} t={t} result={result} />
          {data.nextHref && (
            <p>
              <Link to={data.nextHref} state={FOCUS_STEP}>
                {t('editor.next_step', { step: data.nextLabel ?? '' })}
              </Link>
            </p>
          )}
        </>
      ) : data.step === 'preview' ? (
        <PreviewStep data={data} t={t} result={result} />
      ) : (
        <StepForm data={data} step={data.step} t={t} result={result}>
          {renderField(data, t, result, intent)}
        </StepForm>
      )}
    </section>
  );
}
