/**
 * Walking the published OpenAPI document (GET /api/openapi.json) in tests: the JSON bodies' property names with
 * where each stands (`200.order.amountCents`, `body.volume`, `200.items[].id`). The casing test and the API
 * versions' test read the document so.
 */
export interface OpenApiSchema {
  type?: string | string[];
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema | OpenApiSchema[];
  additionalProperties?: boolean | OpenApiSchema;
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
  not?: OpenApiSchema;
  $ref?: string;
}
export interface OpenApiOperation {
  deprecated?: boolean;
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: OpenApiSchema }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

/** Every property name in a schema, nested objects, arrays and unions included, with where it is. */
export function propertyNames(
  schema: OpenApiSchema | undefined,
  at: string,
  found: [string, string][],
  seen = new Set(),
): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    found.push([name, `${at}.${name}`]);
    propertyNames(child, `${at}.${name}`, found, seen);
  }
  const items = Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : [];
  for (const item of items) propertyNames(item, `${at}[]`, found, seen);
  if (typeof schema.additionalProperties === 'object')
    propertyNames(schema.additionalProperties, `${at}{}`, found, seen);
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    propertyNames(part, at, found, seen);
  }
}

/** The property names of an operation's JSON request body (`body.…`) and JSON answers (`200.…`), with where each is. */
export function bodyPropertyNames(operation: OpenApiOperation): [string, string][] {
  const found: [string, string][] = [];
  const json = (content?: Record<string, { schema?: OpenApiSchema }>) => content?.['application/json']?.schema;
  propertyNames(json(operation.requestBody?.content), 'body', found);
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    propertyNames(json(response.content), status, found);
  }
  return found;
}
