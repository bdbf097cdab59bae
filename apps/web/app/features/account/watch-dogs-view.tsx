import { Form, Link } from 'react-router';
import { LIST_COUNT_KEYS } from '../../i18n/list-counts.ts';
import { Field, type FormResult, SelectField, type Text, ValidatedForm } from '../../ui/forms/form-ui.tsx';
import { Done } from './account-parts.tsx';

// The watch-dogs (saved searches): renamed, sent more or less often, paused or deleted in place.

export interface WatchDogsData {
  items: { id: number; name: string; frequency: string; frequencyLabel: string; href: string }[];
  frequencies: { value: string; label: string }[];
}

export function WatchDogsView(props: { watchDogs: WatchDogsData; t: Text; result: FormResult | undefined }) {
  const { watchDogs, t, result } = props;
  if (watchDogs.items.length === 0)
    return (
      <>
        <Done result={result} intent="delete_watch_dog" />
        <p>{t('account.watch_dogs_empty')}</p>
      </>
    );
  return (
    <>
      <Done result={result} intent="delete_watch_dog" />
      <p data-testid="watch-dogs-total">{t(LIST_COUNT_KEYS.watchDogs, { count: watchDogs.items.length })}</p>
      <ul className="account-list" data-testid="watch-dogs">
        {watchDogs.items.map((item) => {
          const paused = item.frequency === 'off';
          return (
            <li key={item.id} data-testid="watch-dog">
              <h2 data-testid="watch-dog-name">{item.name}</h2>
              <p data-testid="watch-dog-frequency">
                {t('account.watch_dog_frequency')}: {item.frequencyLabel}
              </p>
              <p>
                <Link to={item.href}>{t('account.open_search')}</Link>
              </p>
              <ValidatedForm
                intent={`rename_watch_dog:${item.id}`}
                t={t}
                result={result}
                submitLabel={t('action.rename')}
                fields={['name']}
                testId="watch-dog-rename"
              >
                <input type="hidden" name="id" value={item.id} />
                <Field name="name" label={t('account.watch_dog_name')} defaultValue={item.name} required />
              </ValidatedForm>
              <ValidatedForm
                intent={`frequency_watch_dog:${item.id}`}
                t={t}
                result={result}
                submitLabel={t('action.save')}
                fields={['frequency']}
                testId="watch-dog-frequency-form"
              >
                <input type="hidden" name="id" value={item.id} />
                <SelectField
                  name="frequency"
                  label={t('account.watch_dog_frequency')}
                  options={watchDogs.frequencies}
                  defaultValue={item.frequency}
                />
              </ValidatedForm>
              <div className="inline-actions">
                <Form method="post">
                  <input
                    type="hidden"
                    name="intent"
                    value={paused ? 'resume_watch_dog' : 'pause_watch_dog'}
                  />
                  <input type="hidden" name="id" value={item.id} />
                  <button type="submit" className="button" data-testid="watch-dog-pause">
                    {paused ? t('action.resume') : t('action.pause')}
                  </button>
                </Form>
                <Form
                  method="post"
                  onSubmit={(event) => {
                    // Deleting cannot be undone: ask once (after hydration; without scripts the
                    // button deletes at once).
                    if (!window.confirm(t('account.confirm_delete'))) event.preventDefault();
                  }}
                >
                  <input type="hidden" name="intent" value="delete_watch_dog" />
                  <input type="hidden" name="id" value={item.id} />
                  <button type="submit" className="button button--danger" data-testid="watch-dog-delete">
                    {t('action.delete')}
                    <span className="visually-hidden">: {item.name}</span>
                  </button>
                </Form>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
