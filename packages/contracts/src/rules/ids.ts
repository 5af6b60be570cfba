/** The one form of every id the product makes: a UUID, 8-4-4-4-12 hexadecimal digits, either case. */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(text: string): boolean {
  return uuidPattern.test(text);
}
