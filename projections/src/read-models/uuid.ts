/** The one form of a uuid that every id here has, as PostgreSQL's uuid type also reads it. */
const uuidSource = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const uuidForm = new RegExp(uuidSource, 'i');

/** Whether `text` can be a uuid column value; anything else matches no row, so queries skip the database. */
export const looksLikeUuid = (text: string): boolean => uuidForm.test(text);

/** The same test in SQL: the text `expression` as a uuid, or null where it is none (a cast would fail). */
export const uuidOrNull = (expression: string): string =>
  `CASE WHEN ${expression} ~* '${uuidSource}' THEN (${expression})::uuid END`;
