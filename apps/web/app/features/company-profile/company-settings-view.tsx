import { COMPANY_LOGO_MAX_BYTES, type Locale } from '@estately/domain';
import { useEffect, useRef, useState } from 'react';
import {
  Field,
  type FormResult,
  LabelledField,
  SelectField,
  type Text,
  useFormScope,
  ValidatedForm,
} from '../../ui/forms/form-ui.tsx';
import { COMPANY_TEXT_FIELDS, checkCompanyForm, DESCRIPTION_PREFIX } from './company-form.ts';
import type { CompanySettingsData } from './company-settings.server.ts';

// The company profile screen (issue 38 point 12): the logo with a preview of the chosen file, the
// company's details, and its description per language (a list: pick a language, add it, write,
// remove). Every control is labelled; errors sit under their field and the first gets focus.

const LOGO_TYPES = 'image/jpeg,image/png,image/webp,image/avif,image/gif,image/tiff';

function Logo(props: { settings: CompanySettingsData; t: Text; result: FormResult | undefined }) {
  const { t, settings } = props;
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const current = settings.profile.logoUrls?.large ?? null;
  return (
    <section aria-labelledby="company-logo" className="company-settings__logo">
      <h2 id="company-logo">{t('company.logo')}</h2>
      {(preview ?? current) && (
        <img
          className="company-logo company-logo--large"
          src={preview ?? current ?? undefined}
          alt={preview ? t('company.logo_preview') : t('company.logo_alt', { name: settings.profile.name })}
          data-testid={preview ? 'company-logo-preview' : 'company-logo-current'}
        />
      )}
      <ValidatedForm
        intent="company_logo"
        t={t}
        result={props.result}
        submitLabel={t('company.logo_upload')}
        fields={['file']}
        encType="multipart/form-data"
        testId="company-logo-form"
        validate={(form) => {
          const file = form.get('file');
          if (!(file instanceof File) || file.size === 0)
            return { file: [{ key: 'validation.file_required' }] };
          if (file.size > COMPANY_LOGO_MAX_BYTES) return { file: [{ key: 'validation.file_too_large' }] };
          return null;
        }}
      >
        <Field
          name="file"
          type="file"
          label={t('company.logo')}
          hint={t('company.logo_hint')}
          accept={LOGO_TYPES}
          onFileChange={(file) => setPreview(file ? URL.createObjectURL(file) : null)}
        />
      </ValidatedForm>
      {current && (
        <ValidatedForm
          intent="company_logo_remove"
          t={t}
          result={props.result}
          submitLabel={t('company.logo_remove')}
          fields={[]}
          className="account-form--inline"
          testId="company-logo-remove"
        >
          {null}
        </ValidatedForm>
      )}
    </section>
  );
}

/** One language's text area: its label names the language; the button removes it. */
function DescriptionField(props: {
  locale: Locale;
  language: string;
  text: string;
  t: Text;
  autoFocus: boolean;
  onRemove: () => void;
}) {
  const { firstInvalid } = useFormScope();
  const name = `${DESCRIPTION_PREFIX}${props.locale}`;
  return (
    <li className="company-settings__description" data-testid={`company-description-${props.locale}`}>
      <LabelledField name={name} label={props.t('company.description_in', { language: props.language })}>
        {({ inputId, invalid, describedBy }) => (
          <textarea
            id={inputId}
            name={name}
            rows={6}
            lang={props.locale}
            dir="auto"
            defaultValue={props.text}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            // biome-ignore lint/a11y/noAutofocus: a language just added, or the first field in error.
            autoFocus={props.autoFocus || (invalid && firstInvalid === name)}
          />
        )}
      </LabelledField>
      <button type="button" className="button button--secondary" onClick={props.onRemove}>
        {props.t('company.remove_language', { language: props.language })}
      </button>
    </li>
  );
}

function Descriptions(props: {
  settings: CompanySettingsData;
  t: Text;
  onChange: (locales: Locale[]) => void;
}) {
  const { t, settings } = props;
  const names = new Map(settings.languages.map((language) => [language.value, language.label]));
  const [entries, setEntries] = useState(
    settings.profile.descriptions.map((d) => ({ locale: d.locale as Locale, text: d.text })),
  );
  const [added, setAdded] = useState<Locale | null>(null);
  const pickRef = useRef<HTMLSelectElement>(null);
  const free = settings.languages.filter(
    (language) => !entries.some((entry) => entry.locale === language.value),
  );
  const { onChange } = props;
  useEffect(() => onChange(entries.map((entry) => entry.locale)), [entries, onChange]);
  return (
    <fieldset className="company-settings__descriptions">
      <legend>{t('company.descriptions')}</legend>
      <p className="field__hint" id="company-descriptions-hint">
        {t('company.descriptions_hint')}
      </p>
      <ul className="company-settings__description-list">
        {entries.map((entry) => (
          <DescriptionField
            key={entry.locale}
            locale={entry.locale}
            language={names.get(entry.locale) ?? entry.locale}
            text={entry.text}
            t={t}
            autoFocus={added === entry.locale}
            onRemove={() => {
              setEntries((list) => list.filter((item) => item.locale !== entry.locale));
              setAdded(null);
              pickRef.current?.focus();
            }}
          />
        ))}
      </ul>
      {free.length > 0 && (
        <div className="company-settings__add">
          <label htmlFor="company-add-language">{t('company.add_language')}</label>
          <select
            id="company-add-language"
            ref={pickRef}
            defaultValue={free[0]?.value}
            data-testid="company-add-language"
          >
            {free.map((language) => (
              <option key={language.value} value={language.value}>
                {language.label}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button--secondary"
            data-testid="company-add-language-button"
            onClick={() => {
              const locale = pickRef.current?.value as Locale | undefined;
              if (!locale || entries.some((entry) => entry.locale === locale)) return;
              setEntries((list) => [...list, { locale, text: '' }]);
              setAdded(locale);
            }}
          >
            {t('company.add')}
          </button>
        </div>
      )}
    </fieldset>
  );
}

export function CompanySettings(props: {
  settings: CompanySettingsData;
  t: Text;
  result: FormResult | undefined;
}) {
  const { settings, t, result } = props;
  const profile = settings.profile;
  const [locales, setLocales] = useState<Locale[]>(profile.descriptions.map((d) => d.locale as Locale));
  const fields = [
    ...COMPANY_TEXT_FIELDS,
    'companyKind',
    ...locales.map((locale) => `${DESCRIPTION_PREFIX}${locale}`),
  ];
  const text = (field: (typeof COMPANY_TEXT_FIELDS)[number]) => profile[field] ?? '';
  return (
    <>
      <p>{t('company.settings_intro')}</p>
      {profile.saved && (
        <p>
          <a href={settings.pageHref} data-testid="company-page-link">
            {t('company.view_page')}
          </a>
        </p>
      )}
      <Logo settings={settings} t={t} result={result} />
      <section aria-labelledby="company-details">
        <h2 id="company-details">{t('company.settings_title')}</h2>
        <ValidatedForm
          intent="company_profile"
          t={t}
          result={result}
          submitLabel={t('action.save')}
          fields={fields}
          validate={(form) => {
            const checked = checkCompanyForm(form);
            return checked.ok ? null : checked.errors;
          }}
          testId="company-profile-form"
        >
          <Field
            name="name"
            label={t('company.name')}
            autoComplete="organization"
            defaultValue={text('name')}
            required
          />
          <fieldset className="company-settings__address">
            <legend>{t('company.address')}</legend>
            <Field
              name="street"
              label={t('company.street')}
              autoComplete="street-address"
              defaultValue={text('street')}
            />
            <Field
              name="city"
              label={t('company.city')}
              autoComplete="address-level2"
              defaultValue={text('city')}
            />
            <Field
              name="postcode"
              label={t('company.postcode')}
              autoComplete="postal-code"
              defaultValue={text('postcode')}
            />
            <SelectField
              name="countryCode"
              label={t('company.country')}
              defaultValue={profile.countryCode ?? ''}
              options={[{ value: '', label: t('company.country_none') }, ...settings.countries]}
            />
          </fieldset>
          <SelectField
            name="companyKind"
            label={t('company.kind')}
            hint={t('company.kind_hint')}
            defaultValue={profile.companyKind}
            options={settings.kinds}
          />
          <Field
            name="registrationNumber"
            label={t('company.registration_number')}
            hint={t('company.registration_number_hint')}
            defaultValue={text('registrationNumber')}
          />
          <Field
            name="website"
            label={t('company.website')}
            hint={t('company.website_hint')}
            autoComplete="url"
            defaultValue={text('website')}
          />
          <Field
            name="phone"
            type="tel"
            label={t('company.phone')}
            autoComplete="tel"
            defaultValue={text('phone')}
          />
          <Descriptions settings={settings} t={t} onChange={setLocales} />
        </ValidatedForm>
      </section>
    </>
  );
}
