import { Form, Link } from 'react-router';
import { LIST_COUNT_KEYS } from '../../i18n/list-counts.ts';
import {
  Field,
  FieldErrorsText,
  type FormResult,
  SelectField,
  type Text,
  useFormScope,
  ValidatedForm,
} from '../../ui/forms/form-ui.tsx';
import { Done } from './account-parts.tsx';

// The watch-dogs (saved searches): renamed, sent more or less often, paused or deleted in place.

export interface WatchDogsData {
  items: {
    id: number;
    name: string;
    frequency: string;
    frequencyLabel: string;
    alertKinds: string[];
    alertKindsLabel: string;
    href: string;
  }[];
  frequencies: { value: string; label: string }[];
  alertKinds: { value: string; label: string }[];
}

/** What a watch-dog reports (issue 44 point 2): one checkbox per kind, at least one checked. */
function AlertKindsField(props: { legend: string; options: WatchDogsData['alertKinds']; checked: string[] }) {
  const { id, errors } = useFormScope();
  const invalid = Boolean(errors.alert_kinds?.length);
  return (
    <fieldset
      className="field field--group"
      aria-describedby={invalid ? `${id}-alert_kinds-error` : undefined}
      aria-invalid={invalid || undefined}
    >
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <div className="field field--checkbox" key={option.value}>
          <input
            id={`${id}-alert_kinds-${option.value}`}
            name="alert_kinds"
            type="checkbox"
            value={option.value}
            defaultChecked={props.checked.includes(option.value)}
          />
          <label htmlFor={`${id}-alert_kinds-${option.value}`}>{option.label}</label>
        </div>
      ))}
      <FieldErrorsText id={`${id}-alert_kinds-error`} name="alert_kinds" />
    </fieldset>
  );
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
              <p data-testid="watch-dog-kinds">
                {t('account.watch_dog_kinds')}: {item.alertKindsLabel}
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
              <ValidatedForm
                intent={`kinds_watch_dog:${item.id}`}
                t={t}
                result={result}
                submitLabel={t('action.save')}
                fields={['alert_kinds']}
                testId="watch-dog-kinds-form"
              >
                <input type="hidden" name="id" value={item.id} />
                <AlertKindsField
                  legend={t('account.watch_dog_kinds')}
                  options={watchDogs.alertKinds}
                  checked={item.alertKinds}
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
