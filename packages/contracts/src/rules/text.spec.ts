import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { type EndpointContract, endpoints } from '../api/endpoints.js';
import { limits } from './limits.js';
import { messages } from './messages.js';
import { confessionSubmissionSchema } from './schemas.js';
import { isStorableText, textLength } from './text.js';

type JsonSchema = { type?: string; enum?: unknown[]; const?: unknown; anyOf?: JsonSchema[] };
/** A string property that takes more than a fixed set of values. */
const isFreeText = (property: JsonSchema): boolean =>
  (property.type === 'string' && !property.enum && property.const === undefined) ||
  (property.anyOf?.some(isFreeText) ?? false);

const confession = (content: string) => ({ content, category: 'academic', collegeCode: 'C001' });
const contentMessages = (content: string) =>
  confessionSubmissionSchema.safeParse(confession(content)).error?.issues.map((issue) => issue.message) ?? [];

describe('isStorableText', () => {
  it('refuses NUL and unpaired surrogates, and takes every paired one', () => {
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('high \ud83d alone')).toBe(false);
    expect(isStorableText('low \ude00 alone')).toBe(false);
    expect(isStorableText('\ude00\ud83d')).toBe(false);
    expect(isStorableText('emoji 😀, accents é, CJK 漢字, tab\tand newline\n')).toBe(true);
  });
});

describe('textLength', () => {
  it('counts an emoji of two UTF-16 units as one character', () => {
    expect(textLength('😀')).toBe(1);
    expect(textLength('a'.repeat(999) + '😀')).toBe(1000);
  });
});

describe('texts of every request', () => {
  it('are judged by the length the forms show: 999 characters and an emoji fit 1000, one more does not', () => {
    expect(contentMessages('a'.repeat(limits.confession.max - 1) + '😀')).toEqual([]);
    expect(contentMessages('a'.repeat(limits.confession.max) + '😀')).toEqual([messages.confessionTooLong]);
  });

  it('answer NUL and unpaired surrogates with one clear message, before any length rule', () => {
    expect(contentMessages('Nul\u0000')).toEqual([messages.textNotStorable]);
    expect(contentMessages('an unpaired \ud800 surrogate')).toEqual([messages.textNotStorable]);
  });

  it('cover every string field and query parameter of every endpoint', () => {
    const probe = 'probe \u0000 text';
    const unguarded: string[] = [];
    for (const [name, contract] of Object.entries(endpoints) as [string, EndpointContract][]) {
      for (const [part, schema] of [
        ['body', contract.body],
        ['query', contract.query],
      ] as const) {
        if (!schema) continue;
        const { properties } = z.toJSONSchema(schema, { io: 'input' }) as { properties?: Record<string, JsonSchema> };
        for (const [field, property] of Object.entries(properties ?? {})) {
          if (!isFreeText(property)) continue;
          const result = schema.safeParse({ [field]: probe });
          const issue = result.error?.issues.find((candidate) => candidate.path[0] === field);
          if (issue?.message !== messages.textNotStorable) unguarded.push(`${name} ${part}.${field}`);
        }
      }
    }
    expect(unguarded).toEqual([]);
  });

  it('document their limits in characters for the OpenAPI document', () => {
    const schema = z.toJSONSchema(confessionSubmissionSchema, { io: 'input' }) as {
      properties: Record<string, { minLength?: number; maxLength?: number }>;
    };
    expect(schema.properties.content).toMatchObject({
      minLength: limits.confession.min,
      maxLength: limits.confession.max,
    });
  });
});
