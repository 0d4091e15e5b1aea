import { appError, type PluginApp, type PluginContext, type PluginRequest } from '@lectern/sdk';
import { courseCatalogue } from '../fulfilment/courses.js';
import { ShopErrors } from '../errors.js';
import { purgeSitePages } from '../purge.js';
import { MANAGE } from '../manifest.js';
import { afterProductSaved } from './sales.js';
import { Deleted, IdParams, PRODUCT_LIST_DEFAULTS, ProductInput, ProductList, ProductListQuery, ProductSchema, type ProductInputWire } from './schemas.js';
import { createProduct, deleteProduct, findProduct, listProducts, productView, updateProduct } from './store.js';

const tags = ['ecommerce'];

/** Products: a public list and read (published ones), and the manager's create, update and delete. */
export async function productRoutes(app: PluginApp, plugin: PluginContext): Promise<void> {
  /** A course product must name a course of this site (and needs the LMS installed). */
  const checkCourse = async (request: PluginRequest, input: ProductInputWire) => {
    if (input.course_id === undefined || input.course_id === null) return;
    const course = await courseCatalogue(plugin)?.find(request.ctx.db, request.ctx.account.id, input.course_id);
    if (course === undefined || course === null) throw appError(ShopErrors.courseNotFound);
  };

  app.get(
    '/products',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Products: exact count, ids, search, page range (from–to), sort',
        querystring: ProductListQuery,
        response: { 200: ProductList },
      },
    },
    async (request) => {
      const { ctx } = request;
      // Drafts are the manager's: others asking for them get the published list.
      const status = request.query.status === 'all' && (await ctx.can(MANAGE)) ? 'all' : 'published';
      const { from = PRODUCT_LIST_DEFAULTS.from, sort = PRODUCT_LIST_DEFAULTS.sort } = request.query;
      return listProducts(ctx.db, ctx.account.id, { ...request.query, from, sort, status });
    },
  );

  app.get(
    '/products/:id',
    { config: { public: true }, schema: { tags, summary: 'A product (drafts only for managers)', params: IdParams, response: { 200: ProductSchema } } },
    async (request) => {
      const { ctx } = request;
      const row = await findProduct(ctx.db, ctx.account.id, request.params.id);
      if (row === undefined || (row.status !== 'published' && !(await ctx.can(MANAGE)))) throw appError(ShopErrors.productNotFound);
      return productView(row);
    },
  );

  app.post(
    '/products',
    { config: { capability: MANAGE }, schema: { tags, summary: 'Create a product', body: ProductInput, response: { 201: ProductSchema } } },
    async (request, reply) => {
      await checkCourse(request, request.body);
      purgeSitePages(plugin, request);
      const product = await createProduct(request.ctx.db, request.ctx.account.id, request.body);
      await afterProductSaved(plugin, request, null, product);
      reply.code(201);
      return product;
    },
  );

  app.put(
    '/products/:id',
    {
      config: { capability: MANAGE },
      schema: { tags, summary: 'Replace a product', params: IdParams, body: ProductInput, response: { 200: ProductSchema } },
    },
    async (request) => {
      await checkCourse(request, request.body);
      purgeSitePages(plugin, request);
      const before = await findProduct(request.ctx.db, request.ctx.account.id, request.params.id);
      const product = await updateProduct(request.ctx.db, request.ctx.account.id, request.params.id, request.body);
      await afterProductSaved(plugin, request, before ?? null, product);
      return product;
    },
  );

  app.delete(
    '/products/:id',
    { config: { capability: MANAGE }, schema: { tags, summary: 'Delete a product (orders keep their copy)', params: IdParams, response: { 200: Deleted } } },
    async (request) => {
      await deleteProduct(request.ctx.db, request.ctx.account.id, request.params.id);
      purgeSitePages(plugin, request);
      return { deleted: true };
    },
  );
}
