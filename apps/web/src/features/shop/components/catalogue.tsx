import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileText, Mail, PackageOpen, RotateCw, Search, SearchX, TicketPercent, X } from 'lucide-react';
import { memo, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { FALLBACK_CATEGORIES, shopMessages } from '@erepare/shared/shop';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/field';
import { readPromoDraft, setPromoDraft } from '../../../lib/cart-store';
import { writeItem } from '../../../lib/storage';
import { shopQueries } from '../../../lib/shop-api';
import { useAddToCart } from '../hooks/use-add-to-cart';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import {
  DEFAULT_SORT,
  LAST_CATALOGUE_KEY,
  readCatalogueParams,
  sortOptions,
  toListParams,
  writeCatalogueParams,
  type CatalogueParams,
  type SortValue,
} from '../lib/catalogue-params';
import { CategoryChips, type CategoryChip } from './category-chips';
import { Pagination } from './pagination';
import { ProductCard, ProductCardSkeleton } from './product-card';
import type { Product } from '@erepare/shared/schemas/shop';
import { ShopPromises } from './shop-promises';

const SEARCH_DELAY_MS = 350;

/** The loading state of the results: as many placeholders as a phone shows. */
function ResultsSkeleton() {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4">
      {Array.from({ length: 8 }, (_, index) => (
        <li key={index}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  );
}

/** The product cards of the page (memoised: typing in the search box does not draw them again). */
const ProductGrid = memo(function ProductGrid({ products, busy, onAdd }: { products: readonly Product[]; busy: boolean; onAdd: ReturnType<typeof useAddToCart> }) {
  return (
    <ul className={`grid grid-cols-2 gap-3 transition-opacity sm:grid-cols-3 sm:gap-4 xl:grid-cols-4 ${busy ? 'opacity-60' : ''}`}>
      {products.map((product, index) => (
        <li key={product.id}><ProductCard product={product} onAdd={onAdd} priority={index < 2} /></li>
      ))}
    </ul>
  );
});

function slugOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Categories to offer: the server's (non-empty ones), its fallback list, or ours if the call failed. */
function useCategoryChips(selected: string): CategoryChip[] {
  const categories = useQuery(shopQueries.categories());
  return useMemo(() => {
    let chips: CategoryChip[];
    if (categories.data) {
      const { categories: list, fallback } = categories.data;
      chips = list.filter((category) => fallback || category.count > 0).map((category) => ({ slug: category.slug, name: category.name }));
    } else if (categories.isError) {
      chips = FALLBACK_CATEGORIES.map((name) => ({ slug: slugOf(name), name }));
    } else {
      chips = [];
    }
    // A category brought by a link (?category=Coques) stays visible, so it can be seen and removed.
    if (selected && !chips.some((chip) => chip.slug === selected)) chips.push({ slug: selected, name: selected });
    return chips;
  }, [categories.data, categories.isError, selected]);
}

/** The chip matching `?category=` whether the link gave a slug or a name ("Accessoires"). */
function matchCategory(chips: readonly CategoryChip[], value: string): string {
  if (!value) return '';
  const lower = value.toLowerCase();
  return chips.find((chip) => chip.slug.toLowerCase() === lower || chip.name.toLowerCase() === lower)?.slug ?? value;
}

function PromoNotice({ code, onClose }: { code: string; onClose: () => void }) {
  return (
    <div role="status" className="mb-5 flex items-start gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
      <TicketPercent aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="flex-1">
        Code promo <strong className="font-mono">{code}</strong> enregistré&nbsp;: il sera pré-rempli dans votre panier.
      </p>
      <button type="button" onClick={onClose} className="-m-2 inline-flex size-11 items-center justify-center rounded-lg hover:bg-emerald-100 dark:hover:bg-emerald-900">
        <X aria-hidden="true" className="size-4" />
        <span className="sr-only">Masquer le message</span>
      </button>
    </div>
  );
}

function EmptyCatalogue() {
  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center dark:border-slate-600">
      <PackageOpen aria-hidden="true" className="mx-auto size-12 text-slate-500 dark:text-slate-400" />
      <h2 className="mt-4 text-xl font-bold">{shopMessages.catalogueEmpty}</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Nos produits reconditionnés et nos accessoires arrivent au fil des réparations. Dites-nous ce que vous cherchez&nbsp;: nous vous
        répondons vite, ou nous réparons votre appareil.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/contact">
          <Mail aria-hidden="true" className="size-4" />
          Nous contacter
        </ButtonLink>
        <ButtonLink to="/devis-en-ligne" variant="secondary">
          <FileText aria-hidden="true" className="size-4" />
          Demander un devis
        </ButtonLink>
      </div>
    </div>
  );
}

function NoResults({ search, onReset }: { search: string; onReset: () => void }) {
  return (
    <div className="mx-auto max-w-xl px-5 py-10 text-center">
      <SearchX aria-hidden="true" className="mx-auto size-12 text-slate-500 dark:text-slate-400" />
      <h2 className="mt-4 text-xl font-bold">
        {search ? `Aucun produit ne correspond à «\u00a0${search}\u00a0»` : 'Aucun produit dans cette catégorie'}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">Essayez un autre mot (marque, modèle, référence) ou une autre catégorie.</p>
      <Button variant="secondary" className="mt-6" onClick={onReset}>
        Effacer les filtres
      </Button>
    </div>
  );
}

type CatalogueProps = { title: string; lead: ReactNode; notice?: ReactNode };

/**
 * The catalogue (spec 2 §2): search, categories, sort and 12 products per page, all asked to the
 * server and kept in the address. Used by /boutique and /boutique-beta.
 */
export function Catalogue({ title, lead, notice }: CatalogueProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readCatalogueParams(searchParams);
  const chips = useCategoryChips(state.category);
  const category = matchCategory(chips, state.category);
  const listParams = toListParams({ ...state, category });
  const products = useQuery({ ...shopQueries.products(listParams), placeholderData: keepPreviousData });
  const addToCart = useAddToCart();
  const ids = { search: useId(), sort: useId(), results: useId() };
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const update = (next: Partial<CatalogueParams>, options: { push?: boolean } = {}) => {
    const merged: CatalogueParams = { ...state, ...next };
    setSearchParams(writeCatalogueParams(merged), { replace: !options.push, preventScrollReset: true });
  };

  // ?promo=CODE (notification links): kept for the cart's promo box, then removed from the address.
  const [promo, setPromo] = useState(() => searchParams.get('promo')?.trim().toUpperCase().slice(0, 50) ?? '');
  useEffect(() => {
    if (!searchParams.has('promo')) return;
    const code = searchParams.get('promo')?.trim() ?? '';
    if (code) setPromoDraft(code);
    setPromo(readPromoDraft());
    const rest = new URLSearchParams(searchParams);
    rest.delete('promo');
    setSearchParams(rest, { replace: true, preventScrollReset: true });
  }, [searchParams, setSearchParams]);

  // Search as you type: the field is local; the address (and the request) follows after a pause.
  const [query, setQuery] = useState(state.search);
  const debounced = useDebouncedValue(query, SEARCH_DELAY_MS);
  const pushed = useRef(state.search);
  useEffect(() => {
    const value = debounced.trim();
    if (value === pushed.current) return;
    pushed.current = value;
    update({ search: value, page: 1 });
    // `update` reads the current address; only the typed value triggers this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  useEffect(() => {
    // Back/forward or a link changed the search: the field follows.
    if (state.search !== pushed.current) {
      pushed.current = state.search;
      setQuery(state.search);
    }
  }, [state.search]);

  // Remembered for the product page's "Retour à la boutique".
  const address = writeCatalogueParams(state).toString();
  useEffect(() => writeItem(LAST_CATALOGUE_KEY, address ? `?${address}` : null, 'session'), [address]);

  // A new page of results: focus goes to the results heading (as a page load would).
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    resultsHeading.current?.focus();
  }, [state.page]);

  const hrefFor = (page: number) => {
    const params = writeCatalogueParams({ ...state, page });
    const text = params.toString();
    return text ? `?${text}` : '?';
  };

  const data = products.data;
  const shownProducts = useDeferredValue(data?.data ?? null);
  const filtered = Boolean(state.search || category);
  const busy = products.isFetching && products.isPlaceholderData;
  const resultLabel =
    data === undefined
      ? ''
      : data.total === 0
        ? 'Aucun produit'
        : `${data.total} produit${data.total > 1 ? 's' : ''}${data.total_pages > 1 ? ` · page ${state.page} sur ${data.total_pages}` : ''}`;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-10">
      {notice}
      {promo ? <PromoNotice code={promo} onClose={() => setPromo('')} /> : null}
      <header className="mb-5 sm:mb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <div className="mt-2 max-w-3xl text-base text-slate-700 sm:text-lg dark:text-slate-300">{lead}</div>
      </header>

      <div className="space-y-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <form
            role="search"
            className="flex-1"
            onSubmit={(event) => {
              event.preventDefault();
              const value = query.trim();
              pushed.current = value;
              update({ search: value, page: 1 }, { push: true });
            }}
          >
            <label htmlFor={ids.search} className="sr-only">
              Rechercher un produit
            </label>
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
              <input
                id={ids.search}
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder="Modèle, marque, référence…"
                enterKeyHint="search"
                autoComplete="off"
                maxLength={100}
                className="block min-h-12 w-full rounded-xl border border-slate-400 bg-white py-2 pr-30 pl-11 text-base text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-100"
              />
              <button
                type="submit"
                className="absolute top-1/2 right-1.5 min-h-9 -translate-y-1/2 rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 dark:bg-brand-400 dark:text-ink-950 dark:hover:bg-brand-300"
              >
                Rechercher
              </button>
            </div>
          </form>
          <div className="flex items-center gap-2">
            <label htmlFor={ids.sort} className="shrink-0 text-sm font-medium">
              Trier par
            </label>
            <select
              id={ids.sort}
              value={state.sort}
              onChange={(event) => update({ sort: event.target.value as SortValue, page: 1 })}
              className="block min-h-12 w-full rounded-xl border border-slate-400 bg-white px-3 text-base text-slate-900 sm:w-auto dark:border-slate-600 dark:bg-ink-900 dark:text-slate-100"
            >
              {sortOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <div className="mt-3 lg:mt-8 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        {/* The chip row's height is kept while the categories load: the products below do not jump. */}
        <div className="min-h-12 lg:sticky lg:top-20 lg:min-h-0">
          <h2 className="mb-2 hidden text-sm font-bold tracking-wide text-slate-600 uppercase lg:block dark:text-slate-400">Catégories</h2>
          {chips.length > 0 ? <CategoryChips categories={chips} selected={category} onSelect={(slug) => update({ category: slug, page: 1 })} /> : null}
        </div>

        <section aria-labelledby={ids.results} aria-busy={products.isPending || busy} className="mt-6 lg:mt-0">
          <div className="mb-3 flex min-h-6 items-center justify-between gap-3">
            <h2 id={ids.results} ref={resultsHeading} tabIndex={-1} className="text-sm font-medium text-slate-700 outline-none dark:text-slate-300">
              <span className="sr-only">Résultats&nbsp;: </span>
              {products.isPending ? 'Chargement des produits…' : resultLabel}
            </h2>
            {/* The count is announced when it changes (a live region may not sit inside a heading). */}
            <p role="status" className="sr-only">
              {products.isPending ? 'Chargement des produits…' : resultLabel}
            </p>
            {busy ? <span className="text-sm text-slate-600 dark:text-slate-400">Mise à jour…</span> : null}
          </div>

          {products.isPending ? (
            <ResultsSkeleton />
          ) : products.isError && !data ? (
            <div className="space-y-4">
              <ErrorBox>Impossible de charger les produits. {products.error.message}</ErrorBox>
              <Button variant="secondary" onClick={() => void products.refetch()} disabled={products.isFetching}>
                <RotateCw aria-hidden="true" className="size-4" />
                Réessayer
              </Button>
            </div>
          ) : data && data.total === 0 ? (
            filtered ? (
              <NoResults
                search={state.search}
                onReset={() => {
                  pushed.current = '';
                  setQuery('');
                  update({ search: '', category: '', page: 1, sort: DEFAULT_SORT }, { push: true });
                }}
              />
            ) : (
              <EmptyCatalogue />
            )
          ) : data && data.data.length === 0 ? (
            <div className="py-10 text-center">
              <p className="text-lg font-semibold">Cette page n’existe plus.</p>
              <ButtonLink to={hrefFor(1)} variant="secondary" className="mt-4">
                Revenir à la première page
              </ButtonLink>
            </div>
          ) : data ? (
            <>
              {shownProducts ? <ProductGrid products={shownProducts} busy={busy || shownProducts !== data.data} onAdd={addToCart} /> : <ResultsSkeleton />}
              <Pagination page={state.page} totalPages={data.total_pages} hrefFor={hrefFor} />
            </>
          ) : null}
        </section>
      </div>

      <ShopPromises />
    </div>
  );
}
