/** The helper `pg` uses to turn a parameter into the text it sends; it ships without types. */
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): string | Buffer | null | undefined;
}
