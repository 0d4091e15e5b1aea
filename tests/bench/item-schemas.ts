import { Type } from '@sinclair/typebox';

/**
 * The schemas of GET /items/:id, shared by the kernel plugin and the bare fastify-pg server so both
 * validate and serialise the same way (TypeBox emits the plain JSON Schema either reads). Nothing
 * else is imported: the bare server must not load the kernel.
 */
export const ItemParams = Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

export const Item = Type.Object({ id: Type.Integer(), title: Type.String() });
