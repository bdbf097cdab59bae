import { ChangeLoginEmailBodySchema, ChangePasswordBodySchema, UpdateUserBodySchema } from '@estately/domain';
import { useEffect, useState } from 'react';
import { checkForm, type FieldErrors, type FormSchema, formValues } from '../../ui/forms/form-errors.ts';
import { Field, type FormResult, PasswordField, type Text, ValidatedForm } from '../../ui/forms/form-ui.tsx';
import { PROFILE_FIELDS } from './account-fields.ts';
import type { SettingsData } from './account-parts.tsx';

// The personal settings: the profile, its picture, the password and the sign-in e-mail.

function validator(fields: readonly string[], schema: FormSchema) {
  return (form: FormData): FieldErrors | null => {
    const checked = checkForm(schema, formValues(form, fields));
    return checked.ok ? null : checked.errors;
  };
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
