import { randomUUID } from 'node:crypto';

/** A JSON schema as routes declare them (plain objects; TypeBox schemas are the same at run time). */
export type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  pattern?: string;
  default?: unknown;
};

const MAX_DEPTH = 6;

/** The first type a schema allows (ignoring null when another is allowed). */
export function primaryType(schema: Schema): string | undefined {
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  const concrete = types.find((type) => type !== 'null');
  if (concrete !== undefined) return concrete;
  if (types.includes('null')) return 'null';
  if (schema.properties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

function variants(schema: Schema): Schema | undefined {
  const list = schema.anyOf ?? schema.oneOf;
  if (list === undefined) return undefined;
  return list.find((candidate) => primaryType(candidate) !== 'null') ?? list[0];
}

function sampleString(schema: Schema, hint: string): string {
  switch (schema.format) {
    case 'uuid':
      return randomUUID();
    case 'email':
      return `probe-${hint.toLowerCase().replace(/[^a-z0-9]/g, '') || 'x'}@example.test`;
    case 'date-time':
      return new Date().toISOString();
    case 'date':
      return new Date().toISOString().slice(0, 10);
    case 'uri':
    case 'url':
      return 'https://example.test/probe';
    default:
      break;
  }
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 64;
  const base = schema.pattern !== undefined ? patternSample(schema.pattern) : 'probe';
  const text = base.length < min ? base.padEnd(min, 'x') : base;
  return text.slice(0, Math.max(max, min === 0 ? 0 : min));
}

/** A value for some patterns routes use; anything unknown gets a plain word (and likely a 400). */
function patternSample(pattern: string): string {
  if (pattern.includes('https?://')) return 'https://example.test/probe';
  if (pattern.includes('[A-Z]{2}')) return 'US';
  if (pattern.includes('[a-z]{2,}')) return 'example.test';
  if (pattern === '\\S') return 'probe';
  return 'probe';
}

/**
 * A value the schema accepts where that is easy to tell (required properties, enums, formats,
 * bounds): the starting point each malformed variant changes one thing of, so a variant reaches
 * the handler's code rather than stopping at the first missing field.
 */
export function sampleValue(schema: Schema | undefined, hint = '', depth = 0): unknown {
  if (schema === undefined || depth > MAX_DEPTH) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined && schema.enum.length > 0) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternative = variants(schema);
  if (alternative !== undefined) return sampleValue(alternative, hint, depth + 1);
  if (schema.allOf !== undefined) return Object.assign({}, ...schema.allOf.map((part) => sampleValue(part, hint, depth + 1) ?? {}));
  switch (primaryType(schema)) {
    case 'string':
      return sampleString(schema, hint);
    case 'integer':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1, 1));
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1, 1));
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const count = schema.minItems ?? (schema.items === undefined ? 0 : 1);
      return Array.from({ length: count }, () => sampleValue(schema.items, hint, depth + 1));
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) value[name] = sampleValue(schema.properties?.[name], name, depth + 1) ?? 'probe';
      return value;
    }
    default:
      return undefined;
  }
}

/** Every (path, schema) of an object schema's properties, nested objects included. */
export function propertyPaths(schema: Schema | undefined, prefix: string[] = [], depth = 0): Array<{ path: string[]; schema: Schema }> {
  if (schema === undefined || depth > 3) return [];
  const target = variants(schema) ?? schema;
  const out: Array<{ path: string[]; schema: Schema }> = [];
  for (const [name, child] of Object.entries(target.properties ?? {})) {
    out.push({ path: [...prefix, name], schema: child });
    if (primaryType(child) === 'object') out.push(...propertyPaths(child, [...prefix, name], depth + 1));
  }
  return out;
}

/** A copy of `value` with the property at `path` set (or removed when `next` is the REMOVE mark). */
export const REMOVE = Symbol('remove');
export function withProperty(value: unknown, path: string[], next: unknown): unknown {
  const root: Record<string, unknown> = value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  let cursor = root;
  for (let index = 0; index < path.length - 1; index++) {
    const key = path[index] as string;
    const child = cursor[key];
    const copy = child !== null && typeof child === 'object' && !Array.isArray(child) ? { ...(child as Record<string, unknown>) } : {};
    cursor[key] = copy;
    cursor = copy;
  }
  const last = path[path.length - 1] as string;
  if (next === REMOVE) delete cursor[last];
  else cursor[last] = next;
  return root;
}

/** JSON text nested `depth` levels deep (arrays and objects alternating). */
export function deeplyNested(depth: number): string {
  let open = '';
  let close = '';
  for (let level = 0; level < depth; level++) {
    if (level % 2 === 0) {
      open += '{"a":';
      close = `}${close}`;
    } else {
      open += '[';
      close = `]${close}`;
    }
  }
  return `${open}1${close}`;
}

/** A value of the wrong JSON type for a schema (a string for numbers, a number for strings…). */
export function wrongType(schema: Schema): unknown {
  switch (primaryType(schema)) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'boolean':
      return 'maybe';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return { unexpected: [1, 2, 3] };
  }
}
