/**
 * Builds the OpenAPI 3.1 document of the read API from the same zod contracts the endpoints
 * and islands use (generated from the contracts, never written by hand), so the
 * document cannot drift from what the code accepts and returns.
 */
import { z } from 'zod';

export interface ApiOperation {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** OpenAPI path, e.g. /api/v1/deal/{id}. */
  path: string;
  summary: string;
  tag: string;
  /** A schema whose input is an object: its properties are the query parameters. */
  query?: z.ZodType;
  /** Path parameters by name, with a description. */
  pathParams?: Record<string, string>;
  body?: z.ZodType;
  response: z.ZodType;
  /** The success status (default 200). */
  status?: number;
  /** Error statuses the operation can answer besides 400, with what they mean. */
  errors?: Record<number, string>;
}

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

const ErrorSchema = z.object({ message: z.string(), status: z.number().int() });

function parametersOf(operation: ApiOperation): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const [name, description] of Object.entries(operation.pathParams ?? {})) {
    parameters.push({ name, in: 'path', required: true, description, schema: { type: 'string' } });
  }
  if (operation.query) {
    const query = toSchema(operation.query, 'input');
    const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((query.required ?? []) as string[]);
    for (const [name, schema] of Object.entries(properties)) {
      const { description, ...rest } = schema;
      parameters.push({
        name,
        in: 'query',
        required: required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  return parameters;
}

/** The whole OpenAPI document for the given operations. */
export function buildOpenApiDocument(
  info: { title: string; version: string; serverUrl: string },
  operations: readonly ApiOperation[],
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const errorResponse = {
      description: '',
      content: { 'application/json': { schema: toSchema(ErrorSchema, 'output') } },
    };
    const responses: Record<string, unknown> = {
      [operation.status ?? 200]: {
        description: 'OK',
        content: { 'application/json': { schema: toSchema(operation.response, 'output') } },
      },
      400: { ...errorResponse, description: 'A parameter or the body is not valid; the message says which.' },
    };
    for (const [status, description] of Object.entries(operation.errors ?? {})) {
      responses[status] = { ...errorResponse, description };
    }
    const entry: Record<string, unknown> = {
      summary: operation.summary,
      tags: [operation.tag],
      parameters: parametersOf(operation),
      responses,
    };
    if (operation.body) {
      entry.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(operation.body, 'input') } },
      };
    }
    paths[operation.path] = { ...(paths[operation.path] ?? {}), [operation.method]: entry };
  }
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version },
    servers: [{ url: info.serverUrl }],
    paths,
  };
}
