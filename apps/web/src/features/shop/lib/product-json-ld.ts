import type { Product } from '@erepare/shared/schemas/shop';

const SCHEMA = 'https://schema.org/';

/** schema.org's item condition for the shop's wording (« Neuf », « Reconditionné », « Occasion »…). */
export function itemCondition(condition: string): string {
  if (/recondition/i.test(condition)) return `${SCHEMA}RefurbishedCondition`;
  if (/occasion|usag/i.test(condition)) return `${SCHEMA}UsedCondition`;
  return `${SCHEMA}NewCondition`;
}

function absolute(address: string, base: string): string {
  try {
    return new URL(address, base).href;
  } catch {
    return address;
  }
}

/**
 * A product page's structured data (schema.org, for search results): the `Product` with its
 * `Offer` (price in euros, stock, condition, the shop as seller) and the page's `BreadcrumbList`
 * (shop, category, product). Addresses are absolute on the site's public address.
 */
export function productJsonLd(product: Product, { publicUrl, sellerName }: { publicUrl: string; sellerName: string }): Record<string, unknown> {
  const url = `${publicUrl}/produit/${product.id}`;
  const category = product.categories[0];
  const crumbs = [
    { name: 'Boutique', item: `${publicUrl}/boutique` },
    ...(category ? [{ name: category.name, item: `${publicUrl}/boutique?category=${encodeURIComponent(category.slug)}` }] : []),
    { name: product.name, item: url },
  ];
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Product',
        '@id': `${url}#produit`,
        name: product.name,
        url,
        ...(product.images.length > 0 ? { image: product.images.map((image) => absolute(image.src, publicUrl)) } : {}),
        ...(product.sku ? { sku: product.sku } : {}),
        ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
        ...(product.short_description.trim() ? { description: product.short_description.trim() } : {}),
        ...(category ? { category: category.name } : {}),
        offers: {
          '@type': 'Offer',
          url,
          price: product.price,
          priceCurrency: 'EUR',
          availability: `${SCHEMA}${product.in_stock ? 'InStock' : 'OutOfStock'}`,
          itemCondition: itemCondition(product.condition),
          seller: { '@type': 'Organization', name: sellerName },
        },
      },
      {
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.item })),
      },
    ],
  };
}
