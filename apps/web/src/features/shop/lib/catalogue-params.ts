import type { ProductListParams } from '../../../lib/shop-api';

/** Sort choices of the catalogue, as kept in the address (`?sort=`). */
export const sortOptions = [
  { value: 'nouveautes', label: 'Nouveautés', orderby: 'date', order: 'desc' },
  { value: 'prix-croissant', label: 'Prix croissant', orderby: 'price', order: 'asc' },
  { value: 'prix-decroissant', label: 'Prix décroissant', orderby: 'price', order: 'desc' },
  { value: 'nom', label: 'Nom (A → Z)', orderby: 'title', order: 'asc' },
  { value: 'populaires', label: 'Les plus vendus', orderby: 'popularity', order: 'desc' },
] as const satisfies readonly { value: string; label: string; orderby: NonNullable<ProductListParams['orderby']>; order: 'asc' | 'desc' }[];

export type SortValue = (typeof sortOptions)[number]['value'];
export const DEFAULT_SORT: SortValue = 'nouveautes';

export type CatalogueParams = { page: number; search: string; category: string; sort: SortValue };

const MAX_PAGE = 10_000;

/**
 * Reads the catalogue's state from the address, so that back/forward and a shared link show the
 * same page: `?page=2&search=coque&category=accessoires&sort=prix-croissant` (names of the API; notification
 * links bring `?category=`).
 */
export function readCatalogueParams(params: URLSearchParams): CatalogueParams {
  const pageRaw = Number(params.get('page'));
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 ? Math.min(pageRaw, MAX_PAGE) : 1;
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  const category = (params.get('category') ?? '').trim().slice(0, 100);
  const sortRaw = params.get('sort');
  const sort = sortOptions.find((option) => option.value === sortRaw)?.value ?? DEFAULT_SORT;
  return { page, search, category, sort };
}

/** The address of a catalogue state; other parameters (promo…) are dropped once read. */
export function writeCatalogueParams(state: CatalogueParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.category) params.set('category', state.category);
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

export function toListParams(state: CatalogueParams): ProductListParams {
  const sort = sortOptions.find((option) => option.value === state.sort) ?? sortOptions[0];
  return {
    page: state.page,
    ...(state.search ? { search: state.search } : {}),
    ...(state.category ? { category: state.category } : {}),
    orderby: sort.orderby,
    order: sort.order,
  };
}

/** The list query of `/boutique` with no parameter: what its server-rendered first page holds. */
export function firstCatalogueQuery(): ProductListParams {
  return toListParams(readCatalogueParams(new URLSearchParams()));
}

/** Pages to offer around the current one: 1 … 4 5 [6] 7 8 … 20 (null = gap). */
export function pageWindow(current: number, total: number, radius = 1): (number | null)[] {
  if (total <= 1) return [1];
  const pages = new Set<number>([1, total]);
  for (let page = current - radius; page <= current + radius; page += 1) if (page >= 1 && page <= total) pages.add(page);
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) {
      if (page - previous === 2) result.push(previous + 1);
      else result.push(null);
    }
    result.push(page);
  });
  return result;
}

/** Session key of the catalogue address last shown, so "Retour à la boutique" lands on the same page. */
export const LAST_CATALOGUE_KEY = 'erepare_shop_last';

/** "En stock", "Plus que N en stock" (5 or fewer), "Rupture de stock". */
export const LOW_STOCK_FROM = 5;

export type StockLevel = { tone: 'ok' | 'low' | 'out'; label: string };

export function stockLevel(product: { in_stock: boolean; stock_quantity: number }): StockLevel {
  if (!product.in_stock || product.stock_quantity <= 0) return { tone: 'out', label: 'Rupture de stock' };
  if (product.stock_quantity <= LOW_STOCK_FROM) {
    // « Plus qu’un seul », never « Plus que 1 » (nor « Plus qu'1 »).
    return { tone: 'low', label: product.stock_quantity === 1 ? 'Plus qu’un seul en stock' : `Plus que ${product.stock_quantity} en stock` };
  }
  return { tone: 'ok', label: 'En stock' };
}
