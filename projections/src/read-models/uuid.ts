/** Whether `text` can be a uuid column value; anything else matches no row, so queries skip the database. */
export const looksLikeUuid = (text: string): boolean => /^[0-9a-f-]{36}$/i.test(text);
