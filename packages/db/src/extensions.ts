import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * The contrib extensions PGlite must load so that migrations/0000_extensions.sql can
 * CREATE EXTENSION them; on PostgreSQL they come with the server's contrib package.
 */
export const pgliteExtensions = { pg_trgm, unaccent, btree_gist };
