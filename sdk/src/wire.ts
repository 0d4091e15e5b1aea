/**
 * @lectern/sdk/wire: the wire types of the kernel's routes (request bodies, queries and answers as
 * JSON carries them), taken from the routes' schemas. Types only, for the dashboard's and plugins'
 * browser code.
 */
export type * from '@lectern/core/wire';
