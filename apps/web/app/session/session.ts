// The session of spec 4: a guest or a user, with the ids of the user's favourite offers. Shared by
// the server (loaded on start) and the browser (read from the root loader's data).

export interface SessionUser {
  id: number;
  email: string;
  displayName: string;
  preferredLanguage: string | null;
  preferredCurrency: string | null;
  isAdmin: boolean;
  /** A company account (GET /user/me's `accountType`): the account area adds its feeds and API keys. */
  isCompany: boolean;
}

export type Session =
  | {
      status: 'guest';
      user: null;
      favoriteIds: number[];
      /**
       * Server only: why the user could not be asked (a 429 or an unavailable API), so a screen
       * that needs the user answers "try again later" rather than sending them to sign in.
       */
      failure?: unknown;
    }
  | { status: 'user'; user: SessionUser; favoriteIds: number[] };

export const GUEST: Session = { status: 'guest', user: null, favoriteIds: [] };

/**
 * Reads GET /user/me's camelCase user; anything unusable is no user. The display name falls back
 * to first and last name, then the e-mail (spec 3), when the API sends none.
 */
export function toSessionUser(value: unknown): SessionUser | null {
  const user = value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  if (!user || typeof user.id !== 'number' || typeof user.email !== 'string') return null;
  const text = (field: unknown) => (typeof field === 'string' && field.trim() !== '' ? field.trim() : null);
  const fullName = [text(user.firstName), text(user.lastName)].filter(Boolean).join(' ');
  return {
    id: user.id,
    email: user.email,
    displayName:
      text(user.displayName) ?? (text(user.firstName) && text(user.lastName) ? fullName : user.email),
    preferredLanguage: text(user.preferredLanguage),
    preferredCurrency: text(user.preferredCurrency),
    isAdmin: user.isAdmin === true,
    isCompany: user.accountType === 'company',
  };
}

/** The favourite ids answer: a bare list, or `{data}` / `{ids}` around it. */
export function toFavoriteIds(value: unknown): number[] {
  const record =
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  const list = Array.isArray(value)
    ? value
    : Array.isArray(record?.data)
      ? record.data
      : Array.isArray(record?.ids)
        ? record.ids
        : [];
  return list.filter((id): id is number => typeof id === 'number' && Number.isInteger(id));
}
