import { FEED_LIMITS } from '@estately/domain';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  Field,
  FieldErrorsText,
  type FormResult,
  SelectField,
  type Text,
  useFormScope,
  ValidatedForm,
} from '../../ui/forms/form-ui.tsx';
import { Outcome } from '../../ui/forms/outcome.tsx';
import { validateWith } from './contract-errors.ts';
import { FeedEditForm } from './feed-edit-form.tsx';
import { checkFeedForm, FEED_FORM_FIELDS } from './feed-form.ts';
import { ItemButton, RunCounts, RunStateBadge, useFocusAfter } from './feed-parts.tsx';
import type { FeedRow, FeedsData, FeedsResult } from './load-feeds-page.server.ts';

// The feeds screen (issue 42): each feed with its source, schedule, active listings and last run,
// its actions and its edit form, and the form that adds a feed. A file goes to the upload route in a plain
// multipart form, so it is streamed on to the API and works without JavaScript.

const FEED_FILE_TYPES = '.xml,.zip,.csv,.txt,application/xml,text/xml,application/zip,text/csv';

/** Upload or address: the address and schedule fields are for address feeds only. */
function SourceChoice(props: {
  options: FeedsData['options']['sources'];
  onChange: (source: string) => void;
}) {
  const { id, errors, t } = useFormScope();
  const invalid = Boolean(errors.source?.length);
  // Once the scripts run, the choice already made (the first, or one made before) decides.
  const ref = useRef<HTMLFieldSetElement>(null);
  const { onChange } = props;
  useEffect(() => {
    const checked = ref.current?.querySelector<HTMLInputElement>('input[name="source"]:checked');
    if (checked) onChange(checked.value);
  }, [onChange]);
  return (
    <fieldset ref={ref} className="feed-form__source" aria-invalid={invalid || undefined}>
      <legend>{t('feeds.source')}</legend>
      {props.options.map((option, index) => (
        <div className="field field--checkbox" key={option.value}>
          <input
            id={`${id}-source-${option.value}`}
            type="radio"
            name="source"
            value={option.value}
            defaultChecked={index === 0}
            onChange={() => props.onChange(option.value)}
          />
          <label htmlFor={`${id}-source-${option.value}`}>{option.label}</label>
        </div>
      ))}
      <FieldErrorsText id={`${id}-source-error`} name="source" />
    </fieldset>
  );
}

function AddFeedForm(props: { options: FeedsData['options']; t: Text; result: FormResult | undefined }) {
  const { options, t, result } = props;
  // Before the scripts load every field shows; then the address fields follow the choice.
  const [source, setSource] = useState<string | null>(null);
  return (
    <section aria-labelledby="feed-add" className="feed-add">
      <h2 id="feed-add">{t('feeds.add_title')}</h2>
      <ValidatedForm
        intent="feed_add"
        t={t}
        result={result}
        submitLabel={t('feeds.add')}
        fields={FEED_FORM_FIELDS}
        validate={validateWith(checkFeedForm)}
        testId="feed-add-form"
      >
        <Field name="name" label={t('feeds.name')} required />
        <SelectField name="format" label={t('feeds.format')} options={options.formats} />
        <SourceChoice options={options.sources} onChange={setSource} />
        <div className="feed-form__address" hidden={source === 'upload'} data-testid="feed-address-fields">
          <Field name="url" label={t('feeds.url')} hint={t('feeds.url_hint')} />
          <SelectField
            name="scheduleMinutes"
            label={t('feeds.schedule')}
            options={options.schedules}
            defaultValue={String(FEED_LIMITS.scheduleDefault)}
            hint={t('feeds.schedule_hint')}
          />
        </div>
        <SelectField
          name="encoding"
          label={t('feeds.encoding')}
          hint={t('feeds.encoding_hint')}
          options={options.encodings}
        />
        <SelectField
          name="defaultLocale"
          label={t('feeds.default_locale')}
          hint={t('feeds.default_locale_hint')}
          options={options.locales}
        />
      </ValidatedForm>
    </section>
  );
}

/** A feed's file: a plain multipart form to the upload route, the same with or without scripts. */
function UploadForm(props: { feed: FeedRow; t: Text; error: string | null }) {
  const { feed, t, error } = props;
  const inputId = `feed-${feed.id}-file`;
  return (
    <form
      method="post"
      action={feed.uploadHref}
      encType="multipart/form-data"
      className="feed-upload"
      data-testid="feed-upload-form"
    >
      <label htmlFor={inputId} className="field__label">
        {t('feeds.upload_file')}
        <span className="visually-hidden">: {feed.name}</span>
      </label>
      <p id={`${inputId}-hint`} className="field__hint">
        {t('feeds.upload_hint')}
      </p>
      <input
        id={inputId}
        name="file"
        type="file"
        accept={FEED_FILE_TYPES}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error ${inputId}-hint` : `${inputId}-hint`}
        // biome-ignore lint/a11y/noAutofocus: the refused upload the person just sent.
        autoFocus={error !== null}
      />
      {error && (
        <p id={`${inputId}-error`} className="field__error" role="alert" data-testid="feed-upload-error">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary">
        {t('feeds.upload')}
      </button>
    </form>
  );
}

function FeedItem(props: {
  feed: FeedRow;
  options: FeedsData['options'];
  t: Text;
  result: FormResult | undefined;
  uploadError: string | null;
}) {
  const { feed, t, result } = props;
  const run = feed.lastRun;
  return (
    <li className="feed" data-testid="feed" data-feed-id={feed.id}>
      <h3 id={`feed-${feed.id}`} tabIndex={-1} className="feed__name">
        {feed.name}
        {feed.paused && (
          <>
            {' '}
            <span className="badge badge--state" data-testid="feed-paused">
              {t('feeds.paused')}
            </span>
          </>
        )}
      </h3>
      <dl className="feed__facts">
        <div>
          <dt>{t('feeds.format')}</dt>
          <dd>{feed.formatText}</dd>
        </div>
        <div>
          <dt>{t('feeds.source')}</dt>
          <dd>
            {feed.sourceText}
            {feed.url && (
              <>
                {': '}
                <span dir="ltr" className="feed__url" data-testid="feed-url">
                  {feed.url}
                </span>
              </>
            )}
          </dd>
        </div>
        {feed.scheduleText && (
          <div>
            <dt>{t('feeds.schedule')}</dt>
            <dd>
              {feed.scheduleText}
              {feed.nextRunText && <> ({t('feeds.next_run', { date: feed.nextRunText })})</>}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('feeds.active_listings')}</dt>
          <dd data-testid="feed-active-listings">{feed.activeListings}</dd>
        </div>
        <div>
          <dt>{t('feeds.last_run')}</dt>
          <dd data-testid="feed-last-run">
            {run ? (
              <>
                <RunStateBadge run={run} /> {run.createdText}{' '}
                <Link to={run.href} data-testid="feed-last-run-link">
                  {t('feeds.view_run')}
                  <span className="visually-hidden">: {feed.name}</span>
                </Link>
                {!run.live && <RunCounts run={run} label={t('feeds.last_run')} />}
              </>
            ) : (
              t('feeds.never_run')
            )}
          </dd>
        </div>
      </dl>
      {!feed.isUrl && <UploadForm feed={feed} t={t} error={props.uploadError} />}
      <div className="inline-actions feed__actions">
        {feed.isUrl && (
          <ItemButton
            intent="run"
            id={feed.id}
            label={t('feeds.run_now')}
            itemName={feed.name}
            testId="feed-run-now"
          />
        )}
        {feed.isUrl && (
          <ItemButton
            intent={feed.paused ? 'resume' : 'pause'}
            id={feed.id}
            label={t(feed.paused ? 'feeds.resume' : 'feeds.pause')}
            itemName={feed.name}
            testId="feed-pause-toggle"
          />
        )}
        <Link to={feed.runsHref} className="button" data-testid="feed-runs-link">
          {t('feeds.runs')}
          <span className="visually-hidden">: {feed.name}</span>
        </Link>
        <ItemButton
          intent="delete"
          id={feed.id}
          label={t('feeds.delete')}
          itemName={feed.name}
          testId="feed-delete"
          danger
          confirm={t('feeds.confirm_delete', { name: feed.name })}
        />
      </div>
      {['run', 'pause', 'resume'].map((intent) => (
        <Outcome key={intent} result={result} intent={`${intent}:${feed.id}`} />
      ))}
      {/* A refused edit is said in its form; a saved one here, beside the feed's new values. */}
      <Outcome result={result?.done ? result : undefined} intent={`edit:${feed.id}`} />
      <FeedEditForm feed={feed} options={props.options} t={t} result={result} />
    </li>
  );
}

export function FeedsView(props: { data: FeedsData; t: Text; result: FeedsResult | undefined }) {
  const { data, t, result } = props;
  useFocusAfter(result);
  const deleted = result?.intent.startsWith('delete:') ? result : undefined;
  return (
    <>
      <p>{t('feeds.intro')}</p>
      <section aria-labelledby="feeds-list">
        <h2 id="feeds-list" tabIndex={-1}>
          {t('feeds.list')}
        </h2>
        {deleted && <Outcome result={deleted} intent={deleted.intent} />}
        {data.feeds.length === 0 ? (
          <p data-testid="feeds-empty">{t('feeds.empty')}</p>
        ) : (
          <ul className="account-list feeds" data-testid="feeds">
            {data.feeds.map((feed) => (
              <FeedItem
                key={feed.id}
                feed={feed}
                options={data.options}
                t={t}
                result={result}
                uploadError={data.uploadError?.feedId === feed.id ? data.uploadError.text : null}
              />
            ))}
          </ul>
        )}
      </section>
      {/* A new feed empties the form: it is drawn anew when the list grows. */}
      <AddFeedForm key={`add-${data.feeds.length}`} options={data.options} t={t} result={result} />
    </>
  );
}
