import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_PRODUCT_IMAGE_BYTES,
  adminDeleteResponseSchema,
  adminProductCreateSchema,
  adminProductImageParamsSchema,
  adminProductListQuerySchema,
  adminProductListResponseSchema,
  adminProductResponseSchema,
  adminProductUpdateSchema,
  idParamsSchema,
  type AdminProductDetail,
} from '@erepare/shared/schemas/admin-shop';
import { AppError } from '../../errors.js';
import { createUploadGuard } from '../../lib/upload-guard.js';
import { requireAdmin } from '../../plugins/auth.js';
import { addProductImage, processProductImage, productImageMessages, removeProductImage, type ImageProduct } from './products-admin-images.js';
import {
  createAdminProduct,
  deleteAdminProduct,
  getAdminProduct,
  listAdminProducts,
  productsAdminMessages,
  updateAdminProduct,
} from './products-admin.js';
import { assertShopFieldsOnly, findRepairDeskItem, listRepairDeskProducts, repairDeskProductDetail, updateRepairDeskProduct } from './products-admin-repairdesk.js';

/**
 * /api/admin/products: staff only (401 without a session, 403 to a customer, before the body is
 * read). With the RepairDesk backend the products are RepairDesk's: listed and shown, their shop
 * fields and pictures set here (products-admin-repairdesk.ts); creating and deleting stay 409.
 */
export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });
  // Multipart only in this plugin (the image upload); one file, 10 MB at most.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_PRODUCT_IMAGE_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6 } });
  // Resizing costs memory and CPU: two uploads at a time per instance, the next one waits its turn (503).
  const uploads = createUploadGuard({ maxInFlight: 2, message: productImageMessages.busy, retryAfterSeconds: 5 });

  const kind = () => app.repair.backend.kind;
  const repairDesk = () => kind() === 'repairdesk';
  /**
   * The product whose pictures change (404 when unknown, before an upload is read), and its detail
   * afterwards: with RepairDesk from the item already read, so the caches the change drops are not
   * reloaded for the answer.
   */
  const pictured = async (id: number): Promise<{ owner: ImageProduct; detail: () => Promise<AdminProductDetail> }> => {
    if (!repairDesk()) {
      await getAdminProduct(app.db, kind(), id);
      return { owner: { backend: 'local' }, detail: () => getAdminProduct(app.db, kind(), id) };
    }
    const entry = await findRepairDeskItem(app.shop.catalogue, id);
    return { owner: { backend: 'repairdesk', imageUrl: entry.item.imageUrl }, detail: () => repairDeskProductDetail(app.db, entry) };
  };
  /** The shop shows the change at once: catalogue snapshot and inventory cache dropped. */
  const changed = () => {
    app.repair.inventory.invalidate();
    app.shop.catalogue.invalidate();
  };

  app.get('/api/admin/products', { schema: { querystring: adminProductListQuerySchema, response: { 200: adminProductListResponseSchema } } }, async (request, reply) => {
    await requireAdmin(request);
    void reply.header('cache-control', 'private, no-store');
    if (repairDesk()) {
      const page = await listRepairDeskProducts(app.db, app.shop.catalogue, request.query);
      return { success: true as const, data: page.rows, pagination: { page: page.page, pageSize: page.pageSize, total: page.total }, source: 'repairdesk' as const };
    }
    const page = await listAdminProducts(app.db, kind(), request.query);
    return { success: true as const, data: page.rows, pagination: { page: page.page, pageSize: page.pageSize, total: page.total } };
  });

  app.get('/api/admin/products/:id', { schema: { params: idParamsSchema, response: { 200: adminProductResponseSchema } } }, async (request, reply) => {
    await requireAdmin(request);
    void reply.header('cache-control', 'private, no-store');
    const { id } = request.params;
    return { success: true as const, data: repairDesk() ? await repairDeskProductDetail(app.db, await findRepairDeskItem(app.shop.catalogue, id)) : await getAdminProduct(app.db, kind(), id) };
  });

  app.post('/api/admin/products', { schema: { body: adminProductCreateSchema, response: { 201: adminProductResponseSchema } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const id = await createAdminProduct(app.db, kind(), admin, request.body);
    changed();
    void reply.code(201);
    return { success: true as const, message: productsAdminMessages.created(request.body.name), data: await getAdminProduct(app.db, kind(), id) };
  });

  app.patch(
    '/api/admin/products/:id',
    { schema: { params: idParamsSchema, body: adminProductUpdateSchema, response: { 200: adminProductResponseSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      if (repairDesk()) {
        // A field RepairDesk owns is refused before RepairDesk's items are even read.
        assertShopFieldsOnly(request.body);
        const entry = await findRepairDeskItem(app.shop.catalogue, request.params.id);
        const result = await updateRepairDeskProduct(app.db, admin, entry, request.body);
        if (result.changed) changed();
        // From the item already read: the caches just dropped are not reloaded for this answer.
        return {
          success: true as const,
          message: result.changed ? productsAdminMessages.updated : productsAdminMessages.unchanged,
          data: await repairDeskProductDetail(app.db, entry),
        };
      }
      const result = await updateAdminProduct(app.db, kind(), admin, request.params.id, request.body);
      if (result.changed) changed();
      return {
        success: true as const,
        message: result.changed ? productsAdminMessages.updated : productsAdminMessages.unchanged,
        data: await getAdminProduct(app.db, kind(), request.params.id),
      };
    },
  );

  app.delete('/api/admin/products/:id', { schema: { params: idParamsSchema, response: { 200: adminDeleteResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const message = await deleteAdminProduct(app.db, kind(), admin, request.params.id);
    changed();
    return { success: true as const, message, data: { id: request.params.id, deleted: true, archived: false } };
  });

  app.post(
    '/api/admin/products/:id/images',
    {
      schema: { params: idParamsSchema, response: { 201: adminProductResponseSchema } },
      onRequest: uploads.acquire,
      onResponse: uploads.release,
      onRequestAbort: uploads.release,
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const target = await pictured(request.params.id);
      if (!request.isMultipart()) throw new AppError('UPLOAD_NOT_MULTIPART', 415, productImageMessages.missing);
      const file = await request.file();
      if (!file) throw new AppError('IMAGE_MISSING', 400, productImageMessages.missing);
      if (file.fieldname !== 'image') throw new AppError('IMAGE_MISSING', 400, productImageMessages.missing);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('IMAGE_TOO_LARGE', 413, productImageMessages.tooLarge, {}, error);
        throw error;
      }
      const altField = file.fields.alt;
      const rawAlt = altField && !Array.isArray(altField) && altField.type === 'field' ? String(altField.value) : '';
      // eslint-disable-next-line no-control-regex
      const alt = rawAlt.replace(/[\u0000-\u001F\u007F]/g, ' ').trim().slice(0, 200);
      const processed = await processProductImage(bytes);
      await addProductImage(app.db, target.owner, admin, request.params.id, processed, alt);
      changed();
      void reply.code(201);
      return { success: true as const, message: productImageMessages.added, data: await target.detail() };
    },
  );

  app.delete(
    '/api/admin/products/:id/images/:index',
    { schema: { params: adminProductImageParamsSchema, response: { 200: adminProductResponseSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      const target = await pictured(request.params.id);
      await removeProductImage(app.db, target.owner, admin, request.params.id, request.params.index);
      changed();
      return { success: true as const, message: productImageMessages.removed, data: await target.detail() };
    },
  );
};
