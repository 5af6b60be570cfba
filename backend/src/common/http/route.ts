import {
  applyDecorators,
  createParamDecorator,
  type ExecutionContext,
  HttpCode,
  RequestMapping,
  RequestMethod,
  SetMetadata,
} from '@nestjs/common';
import { type Answered, type EndpointContract, messages } from '@secretchatbox/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { validationFailed } from '../errors.js';
import type { WriteAnswer } from '../event-sourcing/write-answers.js';

const contractKey = Symbol('endpoint contract');

/**
 * A handler answering what its contract declares, at once or later; a write may instead answer
 * that it is saved but not yet visible, which the HTTP edge sends as a 202.
 */
type HandlerOf<Contract extends EndpointContract> = (
  ...args: never[]
) => WriteAnswer<Answered<Contract>, object> | Promise<WriteAnswer<Answered<Contract>, object>>;

/**
 * Maps a handler to an endpoint of the shared contract: its method, path and status. A handler
 * whose return type is not the contract's answer fails the typecheck here.
 */
export function Route<Contract extends EndpointContract>(
  contract: Contract,
): <Handler extends HandlerOf<Contract>>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<Handler>,
) => void {
  return applyDecorators(
    RequestMapping({ path: contract.path, method: RequestMethod[contract.method] }),
    HttpCode(contract.status),
    SetMetadata(contractKey, contract),
  );
}

/** The contract of the handler serving a request; `required` makes a missing one a programming error. */
export function contractOf(context: ExecutionContext, required: false): EndpointContract | undefined;
export function contractOf(context: ExecutionContext, required?: true): EndpointContract;
export function contractOf(context: ExecutionContext, required = true): EndpointContract | undefined {
  const contract = Reflect.getMetadata(contractKey, context.getHandler()) as EndpointContract | undefined;
  if (!contract && required) throw new Error('@ValidBody and @ValidQuery need @Route on the same handler');
  return contract;
}

/** The request body, validated by the contract's schema; unknown fields are refused. */
export const ValidBody = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const schema = contractOf(context).body;
  if (!schema) throw new Error('The endpoint contract has no body schema');
  // A bodiless request is an empty object to its schema; a JSON null is a body, and not an object.
  const { body = {} } = context.switchToHttp().getRequest<FastifyRequest>();
  return validate(schema, body, 'body');
});

/** The query string, validated by the contract's schema. */
export const ValidQuery = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const schema = contractOf(context).query;
  if (!schema) throw new Error('The endpoint contract has no query schema');
  return validate(schema, context.switchToHttp().getRequest<FastifyRequest>().query, 'query');
});

/** `input` judged by `schema`; refused, a 400 naming each field at fault (`part` for the input as a whole). */
export function validate<T>(schema: z.ZodType<T>, input: unknown, part: string): T {
  if (part === 'body' && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    throw validationFailed({ body: messages.bodyMustBeObject });
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] ??= messages.unknownField;
      continue;
    }
    const field = issue.path.join('.') || part;
    fields[field] ??= issue.message;
  }
  throw validationFailed(fields);
}
