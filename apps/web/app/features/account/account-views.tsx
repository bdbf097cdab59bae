import { ChangeLoginEmailBodySchema, ChangePasswordBodySchema, UpdateUserBodySchema } from '@estately/domain';
import { useEffect, useState } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { LIST_COUNT_KEYS } from '../../i18n/list-counts.ts';
import { checkForm, type FieldErrors, type FormSchema, formValues } from '../../ui/forms/form-errors.ts';
import {
  CheckboxField,
  Field,
  type FormResult,
  PasswordField,
  SelectField,
  type Text,
  ValidatedForm,
} from '../../ui/forms/form-ui.tsx';
import { OfferCardItem } from '../offers/offer-card.tsx';
import type { OfferCardView } from '../offers/offer-card-view.ts';
import { NOTIFICATION_FIELDS, PROFILE_FIELDS } from './account-fields.ts';

// The account screens' content. Every change is a form posting to the screen's action, so each
// works before the scripts load; the lists show the action's answer beside the item it changed.

function validator(fields: readonly string[], schema: FormSchema) {
  return (form: FormData): FieldErrors | null => {
    const checked = checkForm(schema, formValues(form, fields));
    return checked.ok ? null : checked.errors;
  };
}

function Done({ result, intent }: { result: FormResult | undefined; intent: string }) {
  if (result?.intent !== intent) return null;
  return (
    <p className={result.done ? 'notice' : 'account-form__error'} role="status" data-testid="form-done">
      {result.done ?? result.formError}
    </p>
  );
}

// --- home ---------------------------------------------------------------------------------

export interface AccountHomeData {
  email: string;
  verified: boolean;
  newLeads: number | null;
  activeWatchDogs: number | null;
  drafts: number | null;
  favorites: number | null;
  links: {
    watchDogs: string;
    myOffers: string;
    leads: string;
    favorites: string;
    sendConfirm: string;
    settings: string;
  };
}

export function AccountHome({ home, t }: { home: AccountHomeData; t: Text }) {
  const items: { key: string; text: string; href: string }[] = [];
  if (home.newLeads)
    items.push({
      key: 'leads',
      text: t('account.new_leads', { count: home.newLeads }),
      href: home.links.leads,
    });
  if (home.drafts)
    items.push({
      key: 'drafts',
      text: t('account.drafts', { count: home.drafts }),
      href: home.links.myOffers,
    });
  if (home.activeWatchDogs !== null)
    items.push({
      key: 'watch-dogs',
      text: t('account.active_watch_dogs', { count: home.activeWatchDogs }),
      href: home.links.watchDogs,
    });
  if (home.favorites !== null)
    items.push({
      key: 'favorites',
      text: t('nav.favorites_count', { count: home.favorites }),
      href: home.links.favorites,
    });
  return (
    <>
      <p data-testid="account-email">{home.email}</p>
      {!home.verified && (
        <p className="notice" data-testid="account-unverified">
          {t('account.unverified')} <Link to={home.links.sendConfirm}>{t('auth.resend_confirmation')}</Link>
        </p>
      )}
      <h2>{t('account.attention')}</h2>
      <ul className="account-attention" data-testid="account-attention">
        {items.map((item) => (
          <li key={item.key} data-testid={`attention-${item.key}`}>
            <Link to={item.href}>{item.text}</Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to={home.links.settings}>{t('account.settings')}</Link>
      </p>
    </>
  );
}

// --- favourites ---------------------------------------------------------------------------

export interface FavoritesData {
  offerType: string | null;
  items: { id: number; card: OfferCardView }[];
  total: number;
  page: number;
  pages: number;
  previous: string | null;
  next: string | null;
  offerTypes: { value: string; label: string }[];
}

export function FavoritesView(props: { favorites: FavoritesData; t: Text; result: FormResult | undefined }) {
  const { favorites, t, result } = props;
  const submit = useSubmit();
  return (
    <>
      {/* A GET form: the filter is part of the address, and works without scripts. */}
      <Form method="get" className="inline-actions" data-testid="favorites-filter">
        <div className="field">
          <label htmlFor="favorites-offer-type" className="field__label">
            {t('filter.offer_type')}
          </label>
          <select
            id="favorites-offer-type"
            name="offer_type"
            defaultValue={favorites.offerType ?? ''}
            onChange={(event) => submit(event.currentTarget.form)}
          >
            {favorites.offerTypes.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t('action.search')}
        </button>
      </Form>
      <p data-testid="favorites-total">{t(LIST_COUNT_KEYS.favorites, { count: favorites.total })}</p>
      <Done result={result} intent="remove_favorite" />
      {favorites.items.length === 0 ? (
        <p>{t('account.favorites_empty')}</p>
      ) : (
        <ul className="account-list account-list--cards" data-testid="favorites-list">
          {favorites.items.map((item) => (
            <li key={item.id} data-testid="favorite-item">
              <OfferCardItem offer={item.card} />
              <Form method="post">
                <input type="hidden" name="intent" value="remove_favorite" />
                <input type="hidden" name="offer_id" value={item.id} />
                <button type="submit" className="button button--danger">
                  {t('offer.remove_favorite')}
                  <span className="visually-hidden">: {item.card.title}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {favorites.pages > 1 && (
        <nav className="pagination" aria-label={t('results.pagination')}>
          {favorites.previous && <Link to={favorites.previous}>{t('results.previous')}</Link>}
          <span>{t('results.page', { page: favorites.page, pages: favorites.pages })}</span>
          {favorites.next && <Link to={favorites.next}>{t('results.next')}</Link>}
        </nav>
      )}
    </>
  );
}

// --- watch-dogs ---------------------------------------------------------------------------

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

// --- settings -----------------------------------------------------------------------------

export interface SettingsData {
  user: {
    email: string;
    accountType: string;
    pictureUrl: string | null;
    profile: Record<(typeof PROFILE_FIELDS)[number], string>;
    notifications: Record<(typeof NOTIFICATION_FIELDS)[number], boolean>;
    preferredLanguage: string;
    preferredCurrency: string;
  };
  languages: { value: string; label: string }[];
  currencies: { value: string; label: string }[];
}

const PROFILE_LABELS: Record<(typeof PROFILE_FIELDS)[number], string> = {
  firstName: 'auth.first_name',
  lastName: 'auth.last_name',
  contactEmail: 'account.contact_email',
  phoneNumber: 'auth.phone',
  addressStreet: 'auth.street',
  addressStreetNumbers: 'auth.street_number',
  addressZip: 'auth.zip',
  addressCity: 'auth.city',
};

const AUTOCOMPLETE: Partial<Record<(typeof PROFILE_FIELDS)[number], string>> = {
  firstName: 'given-name',
  lastName: 'family-name',
  contactEmail: 'email',
  phoneNumber: 'tel',
  addressStreet: 'address-line1',
  addressZip: 'postal-code',
  addressCity: 'address-level2',
};

function ProfilePicture(props: { settings: SettingsData; t: Text; result: FormResult | undefined }) {
  const { t } = props;
  const [preview, setPreview] = useState<string | null>(null);
  // The object URL of a chosen file lives until another is chosen or the page goes.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shown = preview ?? props.settings.user.pictureUrl;
  return (
    <section aria-labelledby="settings-picture">
      <h2 id="settings-picture">{t('account.profile_picture')}</h2>
      {shown && (
        <img
          className="profile-picture"
          src={shown}
          alt={t('account.profile_picture')}
          width={128}
          height={128}
          data-testid="picture-preview"
        />
      )}
      <ValidatedForm
        intent="picture"
        t={t}
        result={props.result}
        submitLabel={t('account.change_picture')}
        fields={['file']}
        encType="multipart/form-data"
        testId="picture-form"
        validate={(form) => {
          const file = form.get('file');
          return file instanceof File && file.size > 0
            ? null
            : { file: [{ key: 'validation.file_required' }] };
        }}
      >
        <Field
          name="file"
          type="file"
          label={t('account.change_picture')}
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif,image/tiff"
          onFileChange={(file) => setPreview(file ? URL.createObjectURL(file) : null)}
        />
      </ValidatedForm>
    </section>
  );
}

export function PersonalSettings(props: { settings: SettingsData; t: Text; result: FormResult | undefined }) {
  const { settings, t, result } = props;
  const value = (field: (typeof PROFILE_FIELDS)[number]) => {
    const typed = result?.intent === 'profile' ? result.values?.[field] : undefined;
    return typeof typed === 'string' ? typed : settings.user.profile[field];
  };
  return (
    <>
      <section aria-labelledby="settings-profile">
        <h2 id="settings-profile">{t('account.personal')}</h2>
        <ValidatedForm
          intent="profile"
          t={t}
          result={result}
          submitLabel={t('action.save')}
          fields={PROFILE_FIELDS}
          validate={validator(PROFILE_FIELDS, UpdateUserBodySchema)}
          testId="profile-form"
        >
          {PROFILE_FIELDS.map((field) => (
            <Field
              key={field}
              name={field}
              label={t(PROFILE_LABELS[field])}
              type={field === 'contactEmail' ? 'email' : field === 'phoneNumber' ? 'tel' : 'text'}
              autoComplete={AUTOCOMPLETE[field]}
              defaultValue={value(field)}
            />
          ))}
        </ValidatedForm>
      </section>
      <ProfilePicture settings={settings} t={t} result={result} />
      <section aria-labelledby="settings-password">
        <h2 id="settings-password">{t('account.change_password')}</h2>
        <ValidatedForm
          intent="password"
          t={t}
          result={result}
          submitLabel={t('account.change_password')}
          fields={['currentPassword', 'newPassword']}
          validate={validator(['currentPassword', 'newPassword'], ChangePasswordBodySchema)}
          testId="password-form"
        >
          <PasswordField name="currentPassword" label={t('auth.current_password')} kind="current" />
          <PasswordField name="newPassword" label={t('auth.new_password')} kind="new" />
        </ValidatedForm>
      </section>
      <section aria-labelledby="settings-email">
        <h2 id="settings-email">{t('account.change_email')}</h2>
        <p>{settings.user.email}</p>
        <ValidatedForm
          intent="email"
          t={t}
          result={result}
          submitLabel={t('account.change_email')}
          fields={['email', 'password']}
          validate={validator(['email', 'password'], ChangeLoginEmailBodySchema)}
          testId="email-form"
        >
          <Field name="email" type="email" label={t('auth.email')} autoComplete="email" required />
          <PasswordField name="password" label={t('auth.password')} kind="current" />
        </ValidatedForm>
      </section>
    </>
  );
}

const NOTIFICATION_LABELS: Record<(typeof NOTIFICATION_FIELDS)[number], string> = {
  notifySavedSearches: 'account.notify_watch_dogs',
  notifyMessages: 'account.notify_messages',
  notifyOfferUpdates: 'account.notify_offer_updates',
  notifyNewsletter: 'account.notify_news',
};

export function NotificationSettings(props: {
  settings: SettingsData;
  t: Text;
  result: FormResult | undefined;
}) {
  const { settings, t } = props;
  return (
    <ValidatedForm
      intent="notifications"
      t={t}
      result={props.result}
      submitLabel={t('action.save')}
      fields={NOTIFICATION_FIELDS}
      testId="notifications-form"
    >
      {NOTIFICATION_FIELDS.map((field) => (
        <CheckboxField
          key={field}
          name={field}
          label={t(NOTIFICATION_LABELS[field])}
          defaultChecked={settings.user.notifications[field]}
        />
      ))}
    </ValidatedForm>
  );
}

export function LanguageCurrencySettings(props: {
  settings: SettingsData;
  t: Text;
  result: FormResult | undefined;
  saved: boolean;
}) {
  const { settings, t } = props;
  return (
    <>
      {props.saved && (
        <p className="notice" role="status" data-testid="form-done">
          {t('toast.saved')}
        </p>
      )}
      <ValidatedForm
        intent="language_currency"
        t={t}
        result={props.result}
        submitLabel={t('action.save')}
        fields={['preferredLanguage', 'preferredCurrency']}
        testId="language-currency-form"
      >
        <SelectField
          name="preferredLanguage"
          label={t('account.preferred_language')}
          options={settings.languages}
          defaultValue={settings.user.preferredLanguage}
        />
        <SelectField
          name="preferredCurrency"
          label={t('account.preferred_currency')}
          options={settings.currencies}
          defaultValue={settings.user.preferredCurrency}
        />
      </ValidatedForm>
    </>
  );
}
