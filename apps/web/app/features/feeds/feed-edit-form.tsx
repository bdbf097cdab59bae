import { useEffect, useState } from 'react';
import { Field, type FormResult, SelectField, type Text, ValidatedForm } from '../../ui/forms/form-ui.tsx';
import { validateWith } from './contract-errors.ts';
import { checkFeedEditForm, FEED_EDIT_FIELDS } from './feed-form.ts';
import type { FeedRow, FeedsData } from './load-feeds-page.server.ts';

// A feed's edit form (issue 42): its name, and for a feed with an address that address and its
// schedule, its encoding and the language of its descriptions, sent as PATCH /users/me/feeds/{id}.
// It folds away in a <details>, which opens and closes without scripts; it opens by itself when
// the action refused what was sent, with what was typed and each error under its field, and
// closes once the feed is saved (the feed's heading then takes focus and shows its new name).

/** The options with the feed's own value among them, when the usual choices lack it. */
function withCurrent(
  options: FeedsData['options']['schedules'],
  current: { value: string; label: string } | null,
) {
  return current && !options.some((option) => option.value === current.value)
    ? [...options, current]
    : options;
}

export function FeedEditForm(props: {
  feed: FeedRow;
  options: FeedsData['options'];
  t: Text;
  result: FormResult | undefined;
}) {
  const { feed, options, t, result } = props;
  const intent = `edit:${feed.id}`;
  const mine = result?.intent === intent ? result : undefined;
  const refused = mine !== undefined && !mine.done;
  const [open, setOpen] = useState(refused);
  useEffect(() => {
    if (mine) setOpen(!mine.done);
  }, [mine]);
  const typed = refused ? (mine?.values ?? null) : null;
  const value = (name: string, saved: string) => {
    const found = typed?.[name];
    return typeof found === 'string' ? found : saved;
  };
  const encoding = feed.values.encoding;
  return (
    <details
      className="feed-edit"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="feed-edit"
    >
      <summary className="button">
        {t('action.edit')}
        <span className="visually-hidden">: {feed.name}</span>
      </summary>
      <ValidatedForm
        // Saved values become the fields' new starting values.
        key={`${feed.name}|${feed.url}|${feed.values.scheduleMinutes}|${encoding}|${feed.values.defaultLocale}`}
        intent={intent}
        t={t}
        // Its success is said beside the feed, once: the form only shows what was refused.
        result={refused ? mine : undefined}
        submitLabel={t('action.save')}
        fields={FEED_EDIT_FIELDS}
        validate={validateWith(checkFeedEditForm)}
        testId="feed-edit-form"
      >
        <Field name="name" label={t('feeds.name')} defaultValue={value('name', feed.name)} required />
        {feed.isUrl && (
          <>
            <Field
              name="url"
              label={t('feeds.url')}
              hint={t('feeds.url_hint')}
              defaultValue={value('url', feed.url ?? '')}
              required
            />
            <SelectField
              name="scheduleMinutes"
              label={t('feeds.schedule')}
              hint={t('feeds.schedule_hint')}
              options={withCurrent(options.schedules, feed.scheduleOption)}
              defaultValue={value('scheduleMinutes', feed.values.scheduleMinutes)}
            />
          </>
        )}
        <SelectField
          name="encoding"
          label={t('feeds.encoding')}
          hint={t('feeds.encoding_hint')}
          options={withCurrent(
            options.encodings,
            encoding ? { value: encoding, label: encoding.toUpperCase() } : null,
          )}
          defaultValue={value('encoding', encoding)}
        />
        <SelectField
          name="defaultLocale"
          label={t('feeds.default_locale')}
          hint={t('feeds.default_locale_hint')}
          options={options.locales}
          defaultValue={value('defaultLocale', feed.values.defaultLocale)}
        />
      </ValidatedForm>
    </details>
  );
}
