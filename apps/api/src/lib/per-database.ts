import type { Db } from '@estately/db';

/**
 * `build(db)` made once per database object, on first use: named prepared statements (planned
 * once per connection by PostgreSQL) and other per-database helpers. A database object that is
 * dropped takes its value with it.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = build(db);
      made.set(db, value);
    }
    return value;
  };
}
