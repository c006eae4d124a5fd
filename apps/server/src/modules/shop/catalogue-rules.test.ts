import { describe, expect, it } from 'vitest';
import { SHORT_DESCRIPTION_LENGTH } from '@erepare/shared/shop';
import { planRepairDesk } from '../../db/demo-data/repair-desk.js';
import { isSellable, looksLikeSparePart, normaliseText, searchScore, withinEditDistance } from './catalogue-rules.js';
import { categoryIdOf, defaultShortDescription, productSlug, slugify, toCatalogueProduct, type ShopProductRow } from './product-view.js';

const now = new Date('2026-01-15T10:00:00Z');

describe('catalogue rules on the demo inventory', () => {
  for (const size of ['demo', 'large'] as const) {
    const { inventory } = planRepairDesk({ size, now });
    const item = (row: (typeof inventory)[number]) => ({ ...row, brand: row.brand ?? '' });

    it(`${size}: no spare part is sold, every device and accessory with a price is`, () => {
      const parts = inventory.filter((row) => row.itemType === 'part');
      const others = inventory.filter((row) => row.itemType !== 'part');
      expect(parts.length).toBeGreaterThan(50);
      expect(parts.filter((row) => isSellable(item(row)))).toEqual([]);
      expect(others.filter((row) => !isSellable(item(row))).map((row) => row.name)).toEqual([]);
    });

    it(`${size}: the keyword lists alone recognise every spare part (a RepairDesk store may file them as products)`, () => {
      const parts = inventory.filter((row) => row.itemType === 'part');
      expect(parts.filter((row) => !looksLikeSparePart(row.name, row.category)).map((row) => row.name)).toEqual([]);
      // Even without a category (a store that files everything under one name).
      expect(parts.filter((row) => !looksLikeSparePart(row.name, '')).map((row) => row.name)).toEqual([]);
      const accessories = inventory.filter((row) => row.itemType !== 'part');
      expect(accessories.filter((row) => looksLikeSparePart(row.name, row.category)).map((row) => row.name)).toEqual([]);
    });
  }

  it('tells accessories from spare parts that share a word', () => {
    const kept = [
      ['Batterie externe 10 000 mAh USB-C', 'Batteries externes'],
      ['Protection d’écran Apple Watch 45 mm (lot de 2)', 'Accessoires montres'],
      ['Verre trempé Nintendo Switch OLED', 'Protections d’écran'],
      ['Nintendo Switch OLED 64 Go Blanc – Très bon état', 'Consoles reconditionnées'],
      ['Protection objectif caméra iPhone 14 Pro', 'Protections d’écran'],
      ['Station de charge DualSense', 'Accessoires consoles'],
      ['Écouteurs filaires USB-C', 'Audio'],
      ['Tempered glass iPhone 12', 'Accessories'],
      ['Clavier AZERTY Bluetooth Logitech', 'Accessoires ordinateurs'],
    ];
    for (const [name = '', category = ''] of kept) expect(looksLikeSparePart(name, category), name).toBe(false);
    const excluded = [
      ['Écran OLED iPhone 12 – Qualité origine', 'Produits'],
      ['Batterie Samsung Galaxy S21', 'Produits'],
      ['Nappe connecteur de charge iPhone 11', ''],
      ['Caméra arrière iPhone 13', ''],
      ['Vitre arrière iPhone 14', ''],
      ['iPhone 12 LCD Assembly', ''],
      ['Galaxy S20 Back Glass', ''],
      ['iPad 9 Digitizer', ''],
      ['Charging port flex iPhone X', ''],
      ['Coque silicone', 'Pièces détachées'],
      ['Anything', 'Spare parts'],
    ];
    for (const [name = '', category = ''] of excluded) expect(looksLikeSparePart(name, category), name).toBe(true);
  });

  it('never sells a part, a free item or an item priced 0', () => {
    const base = { name: 'Coque silicone iPhone 13', category: 'Coques et étuis', itemType: 'accessory' as const, priceCents: 1490 };
    expect(isSellable(base)).toBe(true);
    expect(isSellable({ ...base, priceCents: 0 })).toBe(false);
    expect(isSellable({ ...base, itemType: 'part' })).toBe(false);
  });
});

describe('text helpers', () => {
  it('normalises case, accents and punctuation', () => {
    expect(normaliseText('  Écran – ÉTUI d’iPhone 13 (ACC-00012) ')).toBe('ecran etui d iphone 13 acc 00012');
    expect(normaliseText('Œuvre en cœur')).toBe('oeuvre en coeur');
  });

  it('makes slugs from the name and the id', () => {
    expect(slugify('Coque silicone iPhone 13 – Noir')).toBe('coque-silicone-iphone-13-noir');
    expect(productSlug('Chargeur secteur USB-C 20 W', 42)).toBe('chargeur-secteur-usb-c-20-w-42');
    expect(productSlug('–', 7)).toBe('7');
  });

  it('cuts the short description on a word at 150 characters, ellipsis included', () => {
    expect(defaultShortDescription('Courte description.')).toBe('Courte description.');
    const long = 'Smartphone reconditionné, débloqué tout opérateur, 128 Go, coloris Minuit. État : Très bon état (micro-rayures invisibles). Testé sur 30 points de contrôle, réinitialisé et prêt à l’emploi. Garantie 12 mois.';
    const short = defaultShortDescription(long);
    expect(short.length).toBeLessThanOrEqual(SHORT_DESCRIPTION_LENGTH);
    expect(short.endsWith('…')).toBe(true);
    expect(long.startsWith(short.slice(0, -1))).toBe(true);
    expect(long[short.length - 1]).toMatch(/[\s,.]/);
    expect(defaultShortDescription('x'.repeat(400))).toHaveLength(150);
    // White space collapses, no-break spaces stay (French typography), and a cut never falls on one.
    expect(defaultShortDescription('Reconditionné.\n  État\u00a0: bon,  batterie 10\u202f000\u00a0mAh.')).toBe('Reconditionné. État\u00a0: bon, batterie 10\u202f000\u00a0mAh.');
    expect(defaultShortDescription(`${'a'.repeat(100)} bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\u00a0cccccccccc`)).toBe(`${'a'.repeat(100)}…`);
  });

  it('gives unknown categories a stable id', () => {
    expect(categoryIdOf('Coques et étuis')).toBe(categoryIdOf('coques et etuis'));
    expect(categoryIdOf('Coques et étuis')).not.toBe(categoryIdOf('Audio'));
    expect(categoryIdOf('Audio')).toBeLessThan(2 ** 31);
  });
});

describe('a product’s last change (the sitemap’s lastmod)', () => {
  const item = {
    id: 12, name: 'Coque iPhone 13', sku: 'CQ-13', upcCode: '', description: 'Coque souple.', category: 'Accessoires', brand: 'Apple',
    itemType: 'accessory' as const, condition: 'Neuf', priceCents: 1990, originalPriceCents: null, quantity: 4, warranty: '', supplier: '',
    deviceNames: '', imageUrl: '', createdAt: new Date('2026-03-01T08:00:00Z'),
  };
  const shopRow = (updatedAt: Date) => ({ images: [], hidden: false, featured: false, slug: '', shortDescription: '', updatedAt }) as unknown as ShopProductRow;

  it('is when the item appeared, or staff’s later edit of its shop page', () => {
    expect(toCatalogueProduct({ item, shop: undefined, category: null, available: 4 }).lastModified).toEqual(item.createdAt);
    const edited = new Date('2026-05-10T14:00:00Z');
    expect(toCatalogueProduct({ item, shop: shopRow(edited), category: null, available: 4 }).lastModified).toEqual(edited);
    expect(toCatalogueProduct({ item, shop: shopRow(new Date('2026-01-01T00:00:00Z')), category: null, available: 4 }).lastModified).toEqual(item.createdAt);
  });
});

describe('search relevance (issue 22 §4.9)', () => {
  const text = (name: string, sku = '', brand = '') => ` ${normaliseText(`${name} ${sku} ${brand}`)} `;
  const score = (name: string, query: string, sku = '') => searchScore(text(name, sku), normaliseText(name), normaliseText(query).split(' '));

  it('measures edit distances within a bound', () => {
    expect(withinEditDistance('samsug', 'samsung', 1)).toBe(true);
    expect(withinEditDistance('ifone', 'ifone', 0)).toBe(true);
    expect(withinEditDistance('ecran', 'ecrans', 1)).toBe(true);
    expect(withinEditDistance('coque', 'casque', 1)).toBe(false);
    expect(withinEditDistance('abc', 'abcdef', 2)).toBe(false);
  });

  it('needs every word, and ranks the phone named by the words before what only mentions them', () => {
    expect(score('Coque silicone iPhone 13', 'ipad')).toBeNull();
    const phone = score('iPhone 13 128 Go Bleu', 'iphone 13') ?? 0;
    const accessory = score('Coque silicone iPhone 13', 'iphone 13') ?? 0;
    const other = score('iPhone SE (2022) 64 Go', 'iphone 13', 'IPSE-13') ?? 0;
    expect(phone).toBeGreaterThan(accessory);
    expect(accessory).toBeGreaterThan(other);
  });

  it('forgives one typo from 4 letters (two from 8), reads « ph » as « f », never bends a number', () => {
    expect(score('Samsung Galaxy A13', 'samsug')).not.toBeNull();
    expect(score('iPhone 13', 'ifone')).not.toBeNull();
    expect(score('iPhone 13', 'ipone')).not.toBeNull();
    expect(score('Batterie externe 10000 mAh', 'baterie')).not.toBeNull();
    expect(score('iPhone 13', 'iphone 14')).toBeNull();
    expect(score('Coque', 'cqe')).toBeNull();
  });
});
