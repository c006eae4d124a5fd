import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_PRODUCT_IMAGES } from '@erepare/shared/schemas/admin-shop';
import { z } from '@erepare/shared/zod';
import type { Db } from '../../db/client.js';
import { inventoryItems, shopProductImages, shopProducts } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { sniffImageType } from '../../lib/images.js';
import { recordAudit, type AuditActor } from './audit.js';
import { effectiveImages, imageUrls, uploadedImageId } from './products-admin.js';

/**
 * Product pictures uploaded by staff: the real type is read from the bytes (JPEG, PNG or WebP
 * only), then the picture is decoded and re-encoded by the server (sharp: EXIF orientation
 * applied, metadata such as GPS position dropped) as WebP, at most 1200 px on its longest side,
 * with a 400 px thumbnail. Stored in the database (every instance serves them) and served at
 * /api/shop/images/<id> (immutable: an id never changes content).
 */

export const LARGE_IMAGE_PX = 1200;
export const THUMBNAIL_PX = 400;
/** Decoding bombs: a picture declaring more pixels than this is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

export const productImageMessages = {
  missing: 'Aucune image reçue\u00a0: envoyez un fichier JPEG, PNG ou WebP (champ «\u00a0image\u00a0»).',
  invalidType: 'Format d’image non pris en charge\u00a0: JPEG, PNG ou WebP uniquement.',
  unreadable: 'Image illisible\u00a0: le fichier est peut-être endommagé.',
  tooLarge: 'Image trop lourde\u00a0: 10 Mo au plus.',
  tooMany: `${MAX_PRODUCT_IMAGES} images au plus par produit\u00a0: supprimez-en une d’abord.`,
  noSuchImage: 'Cette image n’existe pas (la liste a peut-être changé\u00a0: rechargez la page).',
  added: 'Image ajoutée.',
  removed: 'Image supprimée.',
  busy: 'Trop d’envois d’images en cours. Réessayez dans quelques instants.',
  repairDeskPicture: 'Cette image vient de RepairDesk\u00a0: retirez-la dans RepairDesk (le site la reprend sous 5 minutes), ou ajoutez d’abord une autre image.',
} as const;

/**
 * Whose product gets the pictures: one of our inventory rows (locked while its list changes), or a
 * RepairDesk item whose own picture address the caller read (RepairDesk has no row to lock: the
 * list is ours, in shop_products, and that row is locked). The list is the same in both cases.
 */
export type ImageProduct = { backend: 'local' } | { backend: 'repairdesk'; imageUrl: string };

export type ProcessedImage = { data: Buffer; thumbnail: Buffer; width: number; height: number };

/** Checks the bytes and produces the two WebP versions; 400 with a French message when it cannot. */
export async function processProductImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length === 0) throw new AppError('IMAGE_MISSING', 400, productImageMessages.missing);
  if (!sniffImageType(bytes)) throw new AppError('IMAGE_INVALID', 400, productImageMessages.invalidType);
  try {
    const source = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const large = await source()
      .resize({ width: LARGE_IMAGE_PX, height: LARGE_IMAGE_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await source()
      .resize({ width: THUMBNAIL_PX, height: THUMBNAIL_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    return { data: large.data, thumbnail, width: large.info.width, height: large.info.height };
  } catch (error) {
    throw new AppError('IMAGE_UNREADABLE', 400, productImageMessages.unreadable, {}, error);
  }
}

async function currentImages(tx: Parameters<Parameters<Db['transaction']>[0]>[0], productId: number, product: ImageProduct) {
  if (product.backend === 'repairdesk') {
    // A row to lock; its defaults are what having no row means.
    await tx.insert(shopProducts).values({ productId }).onConflictDoNothing();
    const [row] = await tx.select({ images: shopProducts.images }).from(shopProducts).where(eq(shopProducts.productId, productId)).for('update');
    return { imageUrl: product.imageUrl, images: row?.images ?? [] };
  }
  const [item] = await tx
    .select({ imageUrl: inventoryItems.imageUrl, images: shopProducts.images })
    .from(inventoryItems)
    .leftJoin(shopProducts, eq(shopProducts.productId, inventoryItems.id))
    .where(eq(inventoryItems.id, productId))
    .for('update', { of: inventoryItems });
  return item ?? null;
}

/** Adds a picture at the end of the product's list (the first one is the main picture). */
export async function addProductImage(db: Db, product: ImageProduct, actor: AuditActor, productId: number, image: ProcessedImage, alt: string): Promise<{ src: string; thumb: string }> {
  return db.transaction(async (tx) => {
    const item = await currentImages(tx, productId, product);
    if (!item) throw new AppError('PRODUCT_NOT_FOUND', 404, 'Produit introuvable');
    const list = effectiveImages(item);
    if (list.length >= MAX_PRODUCT_IMAGES) throw new AppError('TOO_MANY_IMAGES', 409, productImageMessages.tooMany);
    const [stored] = await tx
      .insert(shopProductImages)
      .values({ productId, mimeType: 'image/webp', width: image.width, height: image.height, data: image.data, thumbnail: image.thumbnail })
      .returning({ id: shopProductImages.id });
    if (!stored) throw new Error('image not inserted');
    const urls = imageUrls(stored.id);
    const images = [...list, { src: urls.src, alt }];
    await tx
      .insert(shopProducts)
      .values({ productId, images })
      .onConflictDoUpdate({ target: shopProducts.productId, set: { images, updatedAt: new Date() } });
    await recordAudit(tx, actor, {
      action: 'product.image_add',
      entity: 'product',
      entityId: productId,
      before: { images: list.map((entry) => entry.src) },
      after: { images: images.map((entry) => entry.src), width: image.width, height: image.height },
    });
    return urls;
  });
}

/** Removes the picture at `index` of the list shown (an uploaded one is deleted from the database too). */
export async function removeProductImage(db: Db, product: ImageProduct, actor: AuditActor, productId: number, index: number): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await currentImages(tx, productId, product);
    if (!item) throw new AppError('PRODUCT_NOT_FOUND', 404, 'Produit introuvable');
    const list = effectiveImages(item);
    const removed = list[index];
    if (!removed) throw new AppError('IMAGE_NOT_FOUND', 404, productImageMessages.noSuchImage);
    const images = list.filter((_, position) => position !== index);
    // The inventory's own address would come back as the picture once the list is empty: ours is
    // cleared; RepairDesk's cannot be, so its last picture stays until another one is added.
    const ownPicture = removed.src === item.imageUrl;
    if (ownPicture && product.backend === 'repairdesk' && images.length === 0) throw new AppError('IMAGE_FROM_REPAIRDESK', 409, productImageMessages.repairDeskPicture);
    await tx
      .insert(shopProducts)
      .values({ productId, images })
      .onConflictDoUpdate({ target: shopProducts.productId, set: { images, updatedAt: new Date() } });
    if (ownPicture && product.backend === 'local') await tx.update(inventoryItems).set({ imageUrl: '', updatedAt: new Date() }).where(eq(inventoryItems.id, productId));
    const uploaded = uploadedImageId(removed.src);
    if (uploaded !== null) await tx.delete(shopProductImages).where(eq(shopProductImages.id, uploaded));
    await recordAudit(tx, actor, {
      action: 'product.image_remove',
      entity: 'product',
      entityId: productId,
      before: { images: list.map((entry) => entry.src) },
      after: { images: images.map((entry) => entry.src) },
    });
  });
}

const imageParamsSchema = z.object({ id: z.coerce.number({ error: 'Image introuvable' }).int({ error: 'Image introuvable' }).min(1, { error: 'Image introuvable' }).max(2_147_483_647, { error: 'Image introuvable' }) });
const imageQuerySchema = z.object({ size: z.enum(['large', 'thumb'], { error: 'Taille d’image inconnue (large ou thumb)' }).optional() });

/** GET /api/shop/images/:id(?size=thumb): public, cached for a year (an id's content never changes). */
export const productImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/shop/images/:id', { schema: { params: imageParamsSchema, querystring: imageQuerySchema } }, async (request, reply) => {
    const thumb = request.query.size === 'thumb';
    const [row] = await app.db
      .select({ mimeType: shopProductImages.mimeType, data: thumb ? shopProductImages.thumbnail : shopProductImages.data })
      .from(shopProductImages)
      .where(eq(shopProductImages.id, request.params.id))
      .limit(1);
    if (!row) throw new AppError('IMAGE_NOT_FOUND', 404, 'Image introuvable');
    return reply
      .header('content-type', row.mimeType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(Buffer.from(row.data));
  });
};
