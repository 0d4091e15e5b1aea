/**
 * The JSON schemas of GET /items/:id, shared by the kernel plugin and the bare fastify-pg server so
 * both validate and serialise the same way. No imports: the bare server must not load the kernel.
 */
export const ItemParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
  additionalProperties: false,
} as const;

export const Item = {
  type: 'object',
  required: ['id', 'title'],
  properties: { id: { type: 'integer' }, title: { type: 'string' } },
} as const;
