import { CheckboxField, type FormResult, type Text, ValidatedForm } from '../../ui/forms/form-ui.tsx';
import { NOTIFICATION_FIELDS } from './account-fields.ts';
import type { SettingsData } from './account-parts.tsx';

// Which e-mails the person gets.

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
