import { z } from 'zod';
import { messages } from './messages.js';

// PostgreSQL cannot store NUL in text or JSON, and an unpaired surrogate is no character at all:
// both are refused at the edge, so that no layer behind it has to cope with them.
const nul = '\u0000';
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text that can be stored and shown: no NUL character and no unpaired UTF-16 surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes(nul) && !loneSurrogate.test(text);
}

/**
 * A text's length as its limits count it, on the server and in the forms' counters alike: in
 * characters (code points), so that an emoji counts as one, as it does for JSON Schema's maxLength.
 */
export function textLength(text: string): number {
  let length = 0;
  for (const _character of text) length += 1;
  return length;
}

type Rule<T> = Readonly<{ message?: string } & T>;

type TextOptions = Readonly<{
  /** The message when the value is not a string at all (or is missing). */
  required?: string;
  /** Trims surrounding white space before the length is judged (the default). */
  trim?: boolean;
  /** A blank text passes whatever `min` says (a field where blank means none). */
  blankAllowed?: boolean;
  min?: Rule<{ length: number }>;
  max?: Rule<{ length: number }>;
  pattern?: Rule<{ regex: RegExp }>;
}>;

/**
 * The one schema of every text a client sends (bodies, queries, path parameters): storable
 * (isStorableText) and within its limits, counted by textLength after trimming.
 */
export function textSchema({ required, trim = true, blankAllowed = false, min, max, pattern }: TextOptions = {}) {
  let schema = z.string(required).refine(isStorableText, { message: messages.textNotStorable, abort: true });
  if (trim) schema = schema.trim();
  if (min) {
    const message = min.message ?? messages.textTooShort(min.length);
    schema = schema.refine((text) => (blankAllowed && text === '') || textLength(text) >= min.length, {
      message,
      abort: true,
    });
  }
  if (max) {
    const message = max.message ?? messages.textTooLong(max.length);
    schema = schema.refine((text) => textLength(text) <= max.length, { message, abort: true });
  }
  if (pattern) schema = schema.regex(pattern.regex, pattern.message);
  return schema.meta({
    ...(min ? { minLength: min.length } : {}),
    ...(max ? { maxLength: max.length } : {}),
  });
}
