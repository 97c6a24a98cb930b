/**
 * bol's published OpenAPI documents (tests/contract/bol-openapi) as a JSON-Schema validator:
 * every request and answer that passes between the client and the simulator can be checked
 * against the operation it belongs to (path, method, parameters, media types, body schemas).
 * OpenAPI 3.0 differs from JSON Schema in a few keywords; those are translated here
 * (`nullable`, `example`, the int32/int64/float/double formats). See docs/bol.md, "Contract tests".
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

const FIXTURES = path.resolve(import.meta.dirname, '../../contract/bol-openapi');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: Json;
}
interface OpenApiMedia {
  schema?: Json;
}
interface OpenApiOperation {
  operationId: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, OpenApiMedia> };
  responses: Record<string, { content?: Record<string, OpenApiMedia> }>;
}
interface OpenApiDocument {
  info: { title: string; version: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export const DOCUMENTS = ['retailer', 'shared'] as const;
type DocumentName = (typeof DOCUMENTS)[number];

export function loadDocument(name: DocumentName): OpenApiDocument & Record<string, Json> {
  return JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as OpenApiDocument & Record<string, Json>;
}

/**
 * OpenAPI 3.0 schema → JSON Schema: `nullable: true` widens the type; `example` is documentation
 * only. An object schema with `properties` (and no composition) gets `additionalProperties: false`:
 * a field the document does not define is a departure too (bol's documents set no
 * additionalProperties anywhere, so nothing is lost by it).
 */
export function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'examples' || key === 'nullable' || key === 'xml' || key === 'externalDocs' || key === 'discriminator') continue;
    // `properties` maps names to schemas: the names are not keywords.
    out[key] = key === 'properties' && value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, toJsonSchema(schema)])) : toJsonSchema(value);
  }
  if (out.properties && out.additionalProperties === undefined && !out.allOf && !out.oneOf && !out.anyOf) out.additionalProperties = false;
  if (node.nullable === true) {
    // null must pass both the type and an enum.
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (!out.type && !Array.isArray(out.enum)) out.anyOf = [{ ...out }, { type: 'null' }];
  }
  return out;
}

export interface MatchedOperation {
  document: DocumentName;
  template: string;
  method: string;
  operation: OpenApiOperation;
  pathParams: Record<string, string>;
}

export interface ExchangeRecord {
  method: string;
  url: string;
  requestHeaders: Headers;
  requestBody: string | null;
  status: number;
  responseHeaders: Headers;
  responseBody: string;
}

/** A documented difference of the real bol API from its OpenAPI document, kept by the simulator. */
export interface Quirk {
  name: string;
  applies: (exchange: ExchangeRecord, operation: MatchedOperation | null) => boolean;
}

export class BolOpenApi {
  readonly ajv: Ajv;
  readonly documents: Record<DocumentName, OpenApiDocument>;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor() {
    this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
    addFormats(this.ajv);
    // OpenAPI's numeric formats.
    this.ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
    this.ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
    this.ajv.addFormat('float', { type: 'number', validate: () => true });
    this.ajv.addFormat('double', { type: 'number', validate: () => true });
    this.ajv.addFormat('binary', () => true);
    this.documents = { retailer: loadDocument('retailer'), shared: loadDocument('shared') };
    // Each document is one schema resource; `#/components/...` refs resolve inside it and
    // `shared.json#/components/...` from the other one.
    for (const name of DOCUMENTS) {
      this.ajv.addSchema({ ...(toJsonSchema(this.documents[name] as unknown as Json) as Record<string, unknown>), $id: `https://bol.test/${name}.json` });
    }
  }

  /** A validator for a schema as it appears in a document (its $refs resolved in that document). */
  validator(document: DocumentName, schema: Json): ValidateFunction {
    const key = `${document}:${JSON.stringify(schema)}`;
    let validate = this.cache.get(key);
    if (!validate) {
      const converted = toJsonSchema(schema) as { [key: string]: Json };
      // The schema's refs are made absolute, so they resolve in the document added above.
      validate = this.ajv.compile(rebase(converted, document) as Record<string, unknown>);
      this.cache.set(key, validate);
    }
    return validate;
  }

  /** The operation a request path (without host) and method belong to, or null. */
  match(method: string, pathname: string): MatchedOperation | null {
    for (const document of DOCUMENTS) {
      for (const [template, operations] of Object.entries(this.documents[document].paths)) {
        const names: string[] = [];
        const pattern = new RegExp(`^${template.replace(/\{([^}]+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`);
        const found = pattern.exec(pathname);
        const operation = operations[method.toLowerCase()];
        if (!found || !operation) continue;
        const pathParams = Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1] ?? '')]));
        return { document, template, method: method.toUpperCase(), operation, pathParams };
      }
    }
    return null;
  }

  /** Everything in a request that differs from its operation: unknown operation, parameters, media types, body. */
  checkRequest(exchange: ExchangeRecord): string[] {
    const url = new URL(exchange.url);
    const where = `${exchange.method} ${url.pathname}`;
    const matched = this.match(exchange.method, url.pathname);
    if (!matched) return [`${where}: no such operation in bol's OpenAPI documents`];
    const problems: string[] = [];
    const parameters = matched.operation.parameters ?? [];
    for (const name of url.searchParams.keys()) {
      if (!parameters.some((parameter) => parameter.in === 'query' && parameter.name === name)) problems.push(`${where}: unknown query parameter '${name}'`);
    }
    for (const parameter of parameters) {
      const raw =
        parameter.in === 'query' ? url.searchParams.get(parameter.name) : parameter.in === 'path' ? (matched.pathParams[parameter.name] ?? null) : parameter.in === 'header' ? exchange.requestHeaders.get(parameter.name) : null;
      if (raw === null) {
        if (parameter.required) problems.push(`${where}: required ${parameter.in} parameter '${parameter.name}' missing`);
        continue;
      }
      if (!parameter.schema) continue;
      const validate = this.validator(matched.document, parameter.schema);
      if (!validate(coerce(raw, parameter.schema))) problems.push(`${where}: ${parameter.in} parameter '${parameter.name}'='${raw}' ${this.ajv.errorsText(validate.errors)}`);
    }
    const produces = Object.values(matched.operation.responses).flatMap((response) => Object.keys(response.content ?? {}));
    const accept = exchange.requestHeaders.get('Accept') ?? '';
    if (produces.length > 0 && !accept.split(',').some((type) => produces.includes(type.trim().split(';')[0] ?? ''))) {
      problems.push(`${where}: Accept '${accept}' is none of ${[...new Set(produces)].join(', ')}`);
    }
    const body = matched.operation.requestBody;
    if (body) {
      const type = (exchange.requestHeaders.get('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
      const media = body.content[type];
      if (!media) problems.push(`${where}: request Content-Type '${type}' is none of ${Object.keys(body.content).join(', ')}`);
      else if (exchange.requestBody === null || exchange.requestBody === '') {
        if (body.required) problems.push(`${where}: request body required`);
      } else if (media.schema) {
        problems.push(...this.checkJson(matched.document, media.schema, exchange.requestBody, `${where} request body`));
      }
    } else if (exchange.requestBody) {
      problems.push(`${where}: a body where the operation has none`);
    }
    return problems;
  }

  /** Everything in an answer that differs from its operation: status, content type, body. */
  checkResponse(exchange: ExchangeRecord): string[] {
    const url = new URL(exchange.url);
    const where = `${exchange.method} ${url.pathname} → ${exchange.status}`;
    const matched = this.match(exchange.method, url.pathname);
    if (!matched) return [`${where}: no such operation in bol's OpenAPI documents`];
    const response = matched.operation.responses[String(exchange.status)];
    if (!response) return [`${where}: status ${exchange.status} is not declared (declared: ${Object.keys(matched.operation.responses).join(', ')})`];
    const type = (exchange.responseHeaders.get('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
    const content = response.content ?? {};
    if (Object.keys(content).length === 0) return [];
    const media = content[type];
    if (!media) return [`${where}: Content-Type '${type}' is none of ${Object.keys(content).join(', ')}`];
    if (!media.schema || !type.endsWith('+json')) return [];
    return this.checkJson(matched.document, media.schema, exchange.responseBody, `${where} body`);
  }

  checkJson(document: DocumentName, schema: Json, text: string, what: string): string[] {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return [`${what}: not JSON`];
    }
    const validate = this.validator(document, schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${what}: ${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
  }
}

/** `#/components/...` refs of a schema lifted out of a document point into that document. */
function rebase(node: Json, document: DocumentName): Json {
  if (Array.isArray(node)) return node.map((item) => rebase(item, document));
  if (node === null || typeof node !== 'object') return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `https://bol.test/${document}.json${value}` : rebase(value, document);
  }
  return out;
}

/** Query, path and header values are text; the schema says what they stand for. */
function coerce(raw: string, schema: Json): unknown {
  const type = schema && typeof schema === 'object' && !Array.isArray(schema) ? schema.type : undefined;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}
