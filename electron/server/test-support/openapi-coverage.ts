/**
 * Lists what an OpenAPI document describes, as `<where> <field path>` items per operation (the
 * form of `openapi-reference.ts`), following `$ref`s, unions, arrays and maps.
 */
type Json = { readonly [key: string]: unknown };

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolve(document: Json, reference: string): Json | undefined {
  let node: unknown = document;
  for (const part of reference.replace(/^#\//, '').split('/')) node = isJson(node) ? node[part] : undefined;
  return isJson(node) ? node : undefined;
}

function walk(document: Json, schema: unknown, prefix: string, out: Set<string>, seen: ReadonlySet<string>): void {
  if (!isJson(schema)) return;
  if (typeof schema.$ref === 'string') {
    if (seen.has(schema.$ref)) return;
    walk(document, resolve(document, schema.$ref), prefix, out, new Set([...seen, schema.$ref]));
    return;
  }
  for (const key of ['oneOf', 'anyOf', 'allOf']) {
    const options = schema[key];
    if (Array.isArray(options)) for (const option of options) walk(document, option, prefix, out, seen);
  }
  walk(document, schema.items, prefix, out, seen);
  if (isJson(schema.additionalProperties)) {
    out.add(`${prefix}.*`);
    walk(document, schema.additionalProperties, `${prefix}.*`, out, seen);
  }
  if (isJson(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      out.add(`${prefix}.${name}`);
      walk(document, property, `${prefix}.${name}`, out, seen);
    }
  }
}

/** Operation (`GET /version`) -> its parameters, request body fields and 200/201 reply fields. */
export function describedItems(document: Json): Map<string, Set<string>> {
  const operations = new Map<string, Set<string>>();
  for (const [path, item] of Object.entries(isJson(document.paths) ? document.paths : {})) {
    if (!isJson(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isJson(operation)) continue;
      const out = new Set<string>();
      const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
      for (const parameter of parameters) {
        const resolved = isJson(parameter) && typeof parameter.$ref === 'string' ? resolve(document, parameter.$ref) : parameter;
        if (isJson(resolved)) out.add(`param ${String(resolved.in)}:${String(resolved.name)}`);
      }
      const body = isJson(operation.requestBody) && isJson(operation.requestBody.content) ? operation.requestBody.content : {};
      for (const media of Object.values(body)) if (isJson(media)) walk(document, media.schema, 'body', out, new Set());
      const responses = isJson(operation.responses) ? operation.responses : {};
      for (const status of ['200', '201']) {
        const reply = responses[status];
        const content = isJson(reply) && isJson(reply.content) ? reply.content : {};
        for (const media of Object.values(content)) if (isJson(media)) walk(document, media.schema, '200', out, new Set());
      }
      operations.set(`${method.toUpperCase()} ${path}`, out);
    }
  }
  return operations;
}

/** Every `$ref` in the document, for checking they all resolve. */
export function allRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => allRefs(item, out));
  else if (isJson(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else allRefs(value, out);
    }
  }
  return out;
}

export { resolve as resolveRef };
