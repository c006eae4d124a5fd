/**
 * The shop's demo data (issue 5): shop fields for the demo inventory (slugs, about ten featured
 * devices and accessories with a French short description) and promo codes covering every case
 * of the promo banner and of coupon validation.
 */
import { asc, eq } from 'drizzle-orm';
import { isSellable } from '../../modules/shop/catalogue-rules.js';
import { productSlug } from '../../modules/shop/product-view.js';
import type { Executor } from '../client.js';
import { categories, coupons, inventoryItems, shopProducts } from '../schema.js';
import { DAY } from './calendar.js';
import type { DemoDataSize } from './repair-desk.js';

/** Featured products: the first items in stock of these categories, with their short description (≤ 150 characters). */
export const FEATURED_PICKS: readonly { category: string; take: number; shortDescription: string }[] = [
  {
    category: 'Smartphones reconditionnés',
    take: 3,
    shortDescription: 'Reconditionné dans notre atelier de Gujan-Mestras, testé sur 30 points, débloqué tout opérateur et garanti 12 mois.',
  },
  {
    category: 'Tablettes reconditionnées',
    take: 1,
    shortDescription: 'Tablette reconditionnée\u00a0: batterie contrôlée, écran sans défaut, réinitialisée et prête à l’emploi. Garantie 12 mois.',
  },
  {
    category: 'Consoles reconditionnées',
    take: 1,
    shortDescription: 'Console nettoyée, testée et livrée avec ses câbles. Jouez tout de suite, garantie 12 mois.',
  },
  {
    category: 'Ordinateurs reconditionnés',
    take: 1,
    shortDescription: 'Ordinateur reconditionné avec clavier AZERTY, système réinstallé et prêt à l’emploi. Garantie 12 mois.',
  },
  {
    category: 'Audio',
    take: 1,
    shortDescription: 'Son de qualité et autonomie vérifiée\u00a0: un accessoire audio choisi par l’atelier, garanti 12 mois.',
  },
  {
    category: 'Batteries externes',
    take: 1,
    shortDescription: 'Rechargez votre téléphone partout\u00a0: batterie externe compacte à charge rapide, garantie 12 mois.',
  },
  {
    category: 'Coques et étuis',
    take: 1,
    shortDescription: 'Protection ajustée à votre téléphone, toucher agréable, pose en un instant. Garantie 12 mois.',
  },
];

type DemoCoupon = typeof coupons.$inferInsert;

/** Promo codes relative to the seeding moment (the banner's hints: "5 jours restants", "Expire demain"). */
export function demoCoupons(now: Date): DemoCoupon[] {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  return [
    { code: 'BIENVENUE10', discountType: 'percent', amount: 1000, minimumCents: 3000, description: 'Bienvenue\u00a0: 10\u00a0% de réduction dès 30\u00a0€ d’achat' },
    { code: 'REPARE5', discountType: 'fixed_cart', amount: 500, minimumCents: 2000, description: '5\u00a0€ offerts dès 20\u00a0€ d’achat' },
    { code: 'NOEL2026', discountType: 'percent', amount: 1500, expiresAt: at(5), description: 'Noël\u00a0: 15\u00a0% sur toute la boutique' },
    { code: 'FLASH24', discountType: 'fixed_cart', amount: 1000, expiresAt: at(1), description: 'Vente flash\u00a0: 10\u00a0€ de réduction pendant 24\u00a0h' },
    { code: 'PRO20', discountType: 'percent', amount: 2000, maximumCents: 30_000, listed: false, description: 'Professionnels\u00a0: 20\u00a0% jusqu’à 300\u00a0€ de commande' },
    { code: 'ETE2025', discountType: 'percent', amount: 1000, expiresAt: at(-60), description: 'Été 2025\u00a0: 10\u00a0% sur les accessoires' },
    { code: 'BROUILLON', status: 'draft', discountType: 'fixed_cart', amount: 500, description: 'Code en préparation' },
    { code: 'EPUISE', discountType: 'fixed_cart', amount: 500, usageLimit: 10, usageCount: 10, description: 'Offre limitée aux 10 premières commandes' },
  ];
}

export type SeedShopResult = { coupons: number; shopProducts: number };

/**
 * Inserts the demo coupons and the shop fields of the inventory's sellable items, skipping what
 * exists (codes, product ids). Nothing with 'none' (a real shop starts with an empty shop).
 */
export async function seedShopDemo(db: Executor, options: { size: DemoDataSize; now: Date }): Promise<SeedShopResult> {
  if (options.size === 'none') return { coupons: 0, shopProducts: 0 };
  const insertedCoupons = await db.insert(coupons).values(demoCoupons(options.now)).onConflictDoNothing({ target: coupons.code }).returning({ id: coupons.id });

  const items = await db
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      category: categories.name,
      itemType: inventoryItems.itemType,
      priceCents: inventoryItems.priceCents,
      quantity: inventoryItems.quantity,
    })
    .from(inventoryItems)
    .leftJoin(categories, eq(categories.id, inventoryItems.categoryId))
    .orderBy(asc(inventoryItems.id));
  const sellable = items.filter((item) => isSellable({ ...item, category: item.category ?? '' }));
  const featured = new Map<number, string>();
  for (const pick of FEATURED_PICKS) {
    const chosen = sellable.filter((item) => item.category === pick.category && item.quantity > 0).slice(0, pick.take);
    for (const item of chosen) featured.set(item.id, pick.shortDescription);
  }
  const rows = sellable.map((item) => ({
    productId: item.id,
    slug: productSlug(item.name, item.id),
    featured: featured.has(item.id),
    shortDescription: featured.get(item.id) ?? '',
  }));
  let insertedProducts = 0;
  // One statement for up to 10,000 items (4 parameters each, under PostgreSQL's 65,535).
  for (let start = 0; start < rows.length; start += 10_000) {
    const batch = rows.slice(start, start + 10_000);
    insertedProducts += (
      await db.insert(shopProducts).values(batch).onConflictDoNothing({ target: shopProducts.productId }).returning({ id: shopProducts.productId })
    ).length;
  }
  return { coupons: insertedCoupons.length, shopProducts: insertedProducts };
}
