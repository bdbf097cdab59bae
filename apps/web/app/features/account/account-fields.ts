// Fields of the settings forms, shared by the forms (browser) and their actions (server).

/** The User fields of spec 3 the personal settings edit (PATCH /users/me). */
export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'contactEmail',
  'phoneNumber',
  'addressStreet',
  'addressStreetNumbers',
  'addressZip',
  'addressCity',
] as const;

/** The e-mail switches of the notification settings. */
export const NOTIFICATION_FIELDS = [
  'notifySavedSearches',
  'notifyMessages',
  'notifyOfferUpdates',
  'notifyNewsletter',
] as const;
