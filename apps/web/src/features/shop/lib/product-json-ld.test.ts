import { describe, expect, it } from 'vitest';
import { product } from '../../../test/shop-fixtures';
import { itemCondition, productJsonLd } from './product-json-ld';

describe('a product page’s structured data', () => {
  const site = { publicUrl: 'https://atelier.example', sellerName: 'E.repare' };

  it('a Product with its Offer: price in euros, stock, condition, seller; absolute addresses', () => {
    const data = productJsonLd(
      product({ id: 7, name: 'iPhone 13 128 Go', price: '489.00', sku: 'IP13-128', brand: 'Apple', condition: 'Reconditionné', in_stock: true, images: [{ id: 1, src: '/uploads/ip13.jpg', alt: 'iPhone 13' }] }),
      site,
    );
    const [item, breadcrumb] = data['@graph'] as Record<string, unknown>[];
    expect(item).toMatchObject({
      '@type': 'Product',
      name: 'iPhone 13 128 Go',
      url: 'https://atelier.example/produit/7',
      image: ['https://atelier.example/uploads/ip13.jpg'],
      sku: 'IP13-128',
      brand: { '@type': 'Brand', name: 'Apple' },
      offers: {
        '@type': 'Offer',
        price: '489.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/RefurbishedCondition',
        seller: { '@type': 'Organization', name: 'E.repare' },
      },
    });
    expect(breadcrumb?.['@type']).toBe('BreadcrumbList');
  });

  it('a sold-out product is OutOfStock; the breadcrumb goes shop, category, product', () => {
    const data = productJsonLd(product({ id: 9, name: 'Coque', in_stock: false, stock_quantity: 0, categories: [{ id: 2, name: 'Accessoires', slug: 'accessoires' }] }), site);
    const [item, breadcrumb] = data['@graph'] as { offers?: { availability: string }; itemListElement?: { position: number; name: string; item: string }[] }[];
    expect(item?.offers?.availability).toBe('https://schema.org/OutOfStock');
    expect(breadcrumb?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Boutique', item: 'https://atelier.example/boutique' },
      { '@type': 'ListItem', position: 2, name: 'Accessoires', item: 'https://atelier.example/boutique?category=accessoires' },
      { '@type': 'ListItem', position: 3, name: 'Coque', item: 'https://atelier.example/produit/9' },
    ]);
  });

  it('reads the shop’s condition words', () => {
    expect(itemCondition('Neuf')).toBe('https://schema.org/NewCondition');
    expect(itemCondition('Reconditionné grade A')).toBe('https://schema.org/RefurbishedCondition');
    expect(itemCondition('Occasion')).toBe('https://schema.org/UsedCondition');
  });
});
