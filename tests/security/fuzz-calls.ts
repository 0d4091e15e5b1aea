import { randomUUID } from 'node:crypto';
import type { RegisteredRoute } from '@lectern/core';
import { buildPath, queryString, routeParams, takesBody, type ProbeCall } from './route-calls.js';
import { deeplyNested, primaryType, propertyPaths, REMOVE, sampleValue, withProperty, wrongType, type Schema } from './schema-sample.js';

const MEGABYTE = 1024 * 1024;
const LONG = 'x'.repeat(100 * 1024);
const NUL = 'a\u0000b';

/** Path values that are not what a route expects: NUL, invalid UTF-8, overlong, traversal, control characters. */
const BAD_PATH_VALUES: Array<[string, string]> = [
  ['NUL byte', 'a%00b'],
  ['invalid UTF-8', '%C0%AF'],
  ['lone continuation byte', '%FF%FE'],
  ['8 KB value', 'y'.repeat(8 * 1024)],
  ['traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['bidi control', '%E2%80%AE'],
  ['a number', '12345'],
  ['a uuid', randomUUID()],
];

function sampleParams(url: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const param of routeParams(url)) values[param] = param === '*' ? 'probe/file.txt' : /id$/i.test(param) ? randomUUID() : 'probe';
  return values;
}

/**
 * Malformed variants of a route's input, each changing one thing of a sample the schema accepts:
 * bad path values, query values of the wrong type or size, and bodies that are missing fields,
 * carry unknown ones, nulls, wrong types, NUL bytes, 100 KB and 1 MB strings, deep nesting, huge
 * arrays, the wrong content type, nothing at all, truncated JSON, invalid UTF-8 and broken
 * multipart.
 */
export function fuzzCalls(route: RegisteredRoute): ProbeCall[] {
  const calls: ProbeCall[] = [];
  const params = sampleParams(route.url);
  const bodySchema = route.schema.body as Schema | undefined;
  const querySchema = route.schema.querystring as Schema | undefined;
  const baseBody = sampleValue(bodySchema) ?? {};
  const baseQuery = sampleValue(querySchema) ?? {};
  const withBody = takesBody(route);
  const add = (
    variant: string,
    options: { params?: Record<string, string>; query?: unknown; rawQuery?: string; body?: string | Buffer; contentType?: string } = {},
  ) => {
    const path = buildPath(route.url, options.params ?? params);
    const query = options.rawQuery ?? queryString(options.query ?? baseQuery);
    const headers: Record<string, string> = {};
    const body = options.body ?? (withBody ? JSON.stringify(baseBody) : undefined);
    if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
    calls.push({ route, method: route.method, url: `${path}${query}`, headers, ...(body === undefined ? {} : { payload: body }), variant });
  };

  add('sample input');
  for (const param of Object.keys(params)) {
    for (const [what, value] of BAD_PATH_VALUES) add(`path ${param}: ${what}`, { params: { ...params, [param]: value } });
  }

  const queryProps = propertyPaths(querySchema).filter((entry) => entry.path.length === 1);
  for (const { path, schema } of queryProps) {
    const name = path[0] as string;
    add(`query ${name}: wrong type`, { query: withProperty(baseQuery, path, wrongType(schema)) });
    add(`query ${name}: NUL byte`, { query: withProperty(baseQuery, path, NUL) });
    add(`query ${name}: 10 KB`, { query: withProperty(baseQuery, path, 'q'.repeat(10 * 1024)) });
    add(`query ${name}: repeated`, { rawQuery: `${queryString(baseQuery)}${queryString(baseQuery) === '' ? '?' : '&'}${name}=1&${name}=2` });
    add(`query ${name}: invalid UTF-8`, { rawQuery: `?${encodeURIComponent(name)}=%C0%AF` });
  }
  add('query: unknown parameter', { rawQuery: `${queryString(baseQuery)}${queryString(baseQuery) === '' ? '?' : '&'}__probe=%00` });

  if (!withBody) return calls;
  add('body: empty', { body: '' });
  add('body: null', { body: 'null' });
  add('body: array', { body: '[]' });
  add('body: string', { body: '"probe"' });
  add('body: number', { body: '123' });
  add('body: truncated JSON', { body: JSON.stringify(baseBody).slice(0, -1) || '{' });
  add('body: invalid UTF-8', { body: Buffer.concat([Buffer.from('{"probe":"'), Buffer.from([0xc0, 0xaf, 0xff]), Buffer.from('"}')]) });
  add('body: nested 5,000 deep', { body: deeplyNested(5000) });
  add('body: over 1 MB', { body: JSON.stringify({ ...(baseBody as object), probe: 'm'.repeat(MEGABYTE + 10) }) });
  add('body: unknown field', { body: JSON.stringify({ ...(baseBody as object), __probe: { nested: [1, NUL] } }) });
  add('body: as text/plain', { body: JSON.stringify(baseBody), contentType: 'text/plain' });
  add('body: as a form', { body: 'probe=1&other=%00', contentType: 'application/x-www-form-urlencoded' });
  add('body: multipart without boundary', { body: 'abc', contentType: 'multipart/form-data' });
  add('body: truncated multipart', {
    body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="x.txt"\r\n\r\nabc\r\n',
    contentType: 'multipart/form-data; boundary=zz',
  });
  add('body: no content type', { body: JSON.stringify(baseBody), contentType: '' });

  for (const { path, schema } of propertyPaths(bodySchema)) {
    const name = path.join('.');
    const type = primaryType(schema);
    add(`body ${name}: missing`, { body: JSON.stringify(withProperty(baseBody, path, REMOVE)) });
    add(`body ${name}: null`, { body: JSON.stringify(withProperty(baseBody, path, null)) });
    add(`body ${name}: wrong type`, { body: JSON.stringify(withProperty(baseBody, path, wrongType(schema))) });
    add(`body ${name}: nested 2,000 deep`, { body: JSON.stringify(withProperty(baseBody, path, '__DEEP__')).replace('"__DEEP__"', deeplyNested(2000)) });
    if (type === 'string' || type === undefined) {
      add(`body ${name}: NUL byte`, { body: JSON.stringify(withProperty(baseBody, path, NUL)) });
      add(`body ${name}: 100 KB`, { body: JSON.stringify(withProperty(baseBody, path, LONG)) });
    }
    if (type === 'array')
      add(`body ${name}: 10,000 items`, {
        body: JSON.stringify(
          withProperty(
            baseBody,
            path,
            Array.from({ length: 10_000 }, (_, i) => i),
          ),
        ),
      });
    if (type === 'object' || type === undefined)
      add(`body ${name}: 5,000 keys`, {
        body: JSON.stringify(withProperty(baseBody, path, Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])))),
      });
  }
  return calls;
}
