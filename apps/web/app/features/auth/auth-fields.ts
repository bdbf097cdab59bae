// The intents of the auth screens' forms and their fields, shared by the forms (browser) and
// their action (server).

export type AuthIntent =
  | 'signin'
  | 'signup'
  | 'signup_company'
  | 'lost_password'
  | 'recover_password'
  | 'recover_password_set'
  | 'send_confirm'
  | 'confirm_email'
  | 'reset_password'
  | 'signout';

/** The form fields of each intent, in the order they are shown (errors are focused in it). */
export const AUTH_FIELDS = {
  signin: ['email', 'password'],
  signup: ['email', 'password'],
  signup_company: [
    'company_name',
    'registration_number',
    'address_street',
    'address_street_numbers',
    'address_zip',
    'address_city',
    'contact_first_name',
    'contact_last_name',
    'email',
    'password',
  ],
  lost_password: ['email'],
  recover_password: ['email'],
  recover_password_set: ['newPassword'],
  send_confirm: ['email'],
  confirm_email: [],
  reset_password: ['password', 'password_confirmation'],
  signout: [],
} as const satisfies Record<AuthIntent, readonly string[]>;
