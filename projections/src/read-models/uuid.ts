import { uuidPattern } from '@secretchatbox/contracts';

/** `isUuid` in SQL: the text `expression` as a uuid, or null where it is none (a cast would fail). */
export const uuidOrNull = (expression: string): string =>
  `CASE WHEN ${expression} ~* '${uuidPattern.source}' THEN (${expression})::uuid END`;
