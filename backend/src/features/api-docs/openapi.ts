import { type EndpointContract, endpoints, errorCodes, idempotencyHeader } from '@secretchatbox/contracts';
import { z } from 'zod';

const errorSchema = {
  type: 'object',
  required: ['statusCode', 'error', 'message', 'code'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
    code: { type: 'string', enum: errorCodes, description: 'The refusal kind, for clients to tell refusals apart' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

const acceptedSchema = {
  type: 'object',
  required: ['statusCode', 'message', 'position'],
  properties: {
    statusCode: { type: 'integer', const: 202 },
    message: { type: 'string' },
    position: { type: 'string', description: 'Where the write sits in the event log' },
  },
  additionalProperties: true,
};

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The success answer as its contract declares it: JSON unless the endpoint answers a file. */
function success(contract: EndpointContract) {
  if (!contract.response) return { description: 'Success' };
  const schema = z.toJSONSchema(contract.response, { io: 'output' });
  const mediaTypes = contract.produces ?? ['application/json'];
  return { description: 'Success', content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) };
}

function operation(name: string, contract: EndpointContract) {
  const parameters: unknown[] = [...contract.path.matchAll(/:(\w+)/g)].map(([, param]) => ({
    name: param,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (contract.query) {
    const query = z.toJSONSchema(contract.query, { io: 'input' }) as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    for (const [param, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name: param, in: 'query', required: query.required?.includes(param) ?? false, schema });
    }
  }
  if (contract.auth !== 'none') {
    const roles = `roles: ${(contract.roles ?? ['any']).join(', ')}`;
    parameters.push({
      name: 'x-session-token',
      in: 'header',
      required: contract.auth === 'visitor' || contract.auth === 'visitor-or-admin' || contract.auth === 'admin',
      description:
        contract.auth === 'admin'
          ? `Admin session token; ${roles}`
          : contract.auth === 'visitor-or-admin'
            ? `Visitor session token, or an admin's session token; ${roles}`
            : 'Visitor session token',
      schema: { type: 'string' },
    });
  }
  const isWrite = contract.method !== 'GET';
  if (isWrite) {
    parameters.push({
      name: idempotencyHeader,
      in: 'header',
      required: false,
      description:
        'A UUID picked once per user action and sent again with each retry: a repeat by the same caller gets the first answer and appends nothing',
      schema: { type: 'string', format: 'uuid' },
    });
  }
  return {
    operationId: name,
    summary: contract.summary,
    parameters,
    ...(contract.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: z.toJSONSchema(contract.body, { io: 'input' }) } },
          },
        }
      : {}),
    responses: {
      [contract.status]: success(contract),
      ...(isWrite
        ? {
            202: {
              description: 'Saved, but not yet visible in reads; it will be shortly',
              content: { 'application/json': { schema: acceptedSchema } },
            },
          }
        : {}),
      '4XX': { description: 'Refused', content: { 'application/json': { schema: errorSchema } } },
    },
  };
}

/** The OpenAPI document, generated from the shared endpoint contracts. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, contract] of Object.entries(endpoints) as [string, EndpointContract][]) {
    const path = (paths[toOpenApiPath(contract.path)] ??= {});
    path[contract.method.toLowerCase()] = operation(name, contract);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'SecretChatBox API', version: '0.1.0', description: 'Anonymous campus confessions and live chat.' },
    paths,
  };
}
