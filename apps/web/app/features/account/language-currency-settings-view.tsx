import { type FormResult, SelectField, type Text, ValidatedForm } from '../../ui/forms/form-ui.tsx';
import type { SettingsData } from './account-parts.tsx';

// The account's language and currency.

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
