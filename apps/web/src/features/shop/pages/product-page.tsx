import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, PackageX, RotateCw, Scale, ShieldCheck, ShoppingCart, Store, Truck } from 'lucide-react';
import { useState } from 'react';
import { useParams, Link } from 'react-router';
import { cartLineCap } from '@erepare/shared/cart';
import { decimalToCents, shopMessages, WARRANTY_MONTHS } from '@erepare/shared/shop';
import type { Product } from '@erepare/shared/schemas/shop';
import { JsonLd } from '../../../components/json-ld';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/field';
import { PriceTag } from '../../../components/ui/price-tag';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { ApiError } from '../../../lib/api-client';
import { useCart } from '../../../lib/cart-store';
import { shopQueries } from '../../../lib/shop-api';
import { useStoredItem } from '../../../lib/storage';
import { ProductGallery } from '../components/product-gallery';
import { StockStatus } from '../components/stock-status';
import { useFreeDeliveryText } from '../../../lib/free-delivery';
import { useAddToCart } from '../hooks/use-add-to-cart';
import { LAST_CATALOGUE_KEY } from '../lib/catalogue-params';
import { productJsonLd } from '../lib/product-json-ld';
import { usePublicOrigin } from '../../../lib/public-url';
import { useStoreProfile } from '../../../lib/store-profile';

const backLink =
  'inline-flex min-h-11 items-center gap-2 rounded-lg text-sm font-semibold text-brand-800 hover:underline dark:text-brand-300';

function metaValue(product: Product, key: string): string {
  return product.meta_data.find((entry) => entry.key === key)?.value.trim() ?? '';
}

function NotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <PackageX aria-hidden="true" className="mx-auto size-12 text-slate-500 dark:text-slate-400" />
      <h1 className="mt-4 text-3xl font-bold">{shopMessages.productNotFound}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">Ce produit n’existe pas ou n’est plus en vente.</p>
      <ButtonLink to="/boutique" className="mt-6">
        Voir la boutique
      </ButtonLink>
    </section>
  );
}

/** Same shape as the loaded page, and a screen tall: the footer does not show, then jump away. */
function ProductSkeleton() {
  return (
    <div className="mx-auto grid min-h-dvh max-w-6xl content-start gap-6 px-4 py-6 md:grid-cols-2 md:gap-10 md:py-10" aria-busy="true">
      <p role="status" className="sr-only">
        Chargement du produit…
      </p>
      <div aria-hidden="true" className="aspect-[4/3] animate-pulse rounded-2xl bg-slate-100 md:aspect-square dark:bg-ink-800" />
      <div aria-hidden="true" className="space-y-4">
        <div className="h-4 w-24 animate-pulse rounded bg-slate-100 dark:bg-ink-800" />
        <div className="h-8 w-3/4 animate-pulse rounded bg-slate-100 dark:bg-ink-800" />
        <div className="h-8 w-32 animate-pulse rounded bg-slate-100 dark:bg-ink-800" />
        <div className="h-12 w-full animate-pulse rounded-lg bg-slate-100 dark:bg-ink-800" />
      </div>
    </div>
  );
}

function PurchaseBox({ product }: { product: Product }) {
  const addToCart = useAddToCart();
  const inCart = useCart().items.find((item) => item.product_id === product.id)?.quantity ?? 0;
  const available = product.in_stock && product.stock_quantity > 0;
  const cap = cartLineCap({ stock_quantity: product.stock_quantity });
  const left = Math.max(0, cap - inCart);
  const [quantity, setQuantity] = useState(1);
  const chosen = Math.max(1, Math.min(quantity, Math.max(1, left)));

  if (!available) {
    return (
      <div className="space-y-3">
        <Button disabled className="w-full sm:w-auto">
          <ShoppingCart aria-hidden="true" className="size-4" />
          Ajouter au panier
        </Button>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Ce produit reviendra peut-être&nbsp;: <Link to="/contact" className="font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-300">demandez-nous</Link>.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <QuantityStepper value={chosen} max={Math.max(1, left)} onChange={setQuantity} itemName={product.name} disabled={left === 0} />
        <Button
          className="flex-1 sm:flex-none"
          disabled={left === 0}
          onClick={() => {
            if (addToCart(product, chosen)) setQuantity(1);
          }}
        >
          <ShoppingCart aria-hidden="true" className="size-4" />
          Ajouter au panier
        </Button>
      </div>
      {inCart > 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {left === 0 ? 'Tout le stock disponible est dans votre panier. ' : `Déjà ${inCart} dans votre panier. `}
          <Link to="/panier" className="font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-300">
            Voir le panier
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const freeDelivery = useFreeDeliveryText();
  const price = decimalToCents(product.price) ?? 0;
  const regular = decimalToCents(product.regular_price);
  const warranty = Number.parseInt(metaValue(product, 'warranty'), 10) || WARRANTY_MONTHS;
  const devices = metaValue(product, 'device_names');
  const category = product.categories[0];
  const lastCatalogue = useStoredItem(LAST_CATALOGUE_KEY, 'session');
  const sellerName = useStoreProfile().name;
  const publicUrl = usePublicOrigin();
  return (
    <article className="mx-auto max-w-6xl px-4 py-4 md:py-8">
      <JsonLd data={productJsonLd(product, { publicUrl, sellerName })} />
      <nav aria-label="Fil d’Ariane" className="mb-3">
        <Link to={`/boutique${lastCatalogue ?? ''}`} className={backLink}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Retour à la boutique
        </Link>
      </nav>
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductGallery product={product} />
        <div className="space-y-5">
          <div>
            <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
              {[product.brand, category ? category.name : product.category].filter(Boolean).join(' · ')}
            </p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance sm:text-3xl">{product.name}</h1>
            <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
              {product.condition ? (
                <div className="flex gap-1">
                  <dt>État&nbsp;:</dt>
                  <dd className="font-semibold">{product.condition}</dd>
                </div>
              ) : null}
              {product.sku ? (
                <div className="flex gap-1">
                  <dt>Réf.&nbsp;:</dt>
                  <dd>{product.sku}</dd>
                </div>
              ) : null}
            </dl>
          </div>

          <div className="space-y-1">
            <PriceTag priceCents={price} regularCents={product.on_sale ? regular : null} size="lg" />
            <p className="text-sm text-slate-600 dark:text-slate-400">TTC</p>
            <StockStatus product={product} />
          </div>

          <PurchaseBox product={product} />

          <ul className="space-y-3 rounded-2xl border border-slate-200 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-ink-900">
            <li className="flex gap-3">
              <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
              <p>
                <strong>Garantie {warranty} mois</strong> (garantie commerciale E.repare).
              </p>
            </li>
            <li className="flex gap-3">
              <Scale aria-hidden="true" className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
              <p>
                En plus, les garanties légales s’appliquent&nbsp;: garantie de conformité (2 ans) et garantie des vices cachés.{' '}
                <Link to="/cgv" className="font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-300">
                  Conditions générales de vente
                </Link>
              </p>
            </li>
            <li className="flex gap-3">
              <Truck aria-hidden="true" className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
              <p>
                Expédition sous 24 h ouvrées (commandé avant 14 h, expédié le jour même).{freeDelivery ? ` ${freeDelivery}.` : ''}
              </p>
            </li>
            <li className="flex gap-3">
              <Store aria-hidden="true" className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
              <p>Retrait gratuit à l’atelier de Gujan-Mestras, du mardi au samedi.</p>
            </li>
          </ul>

          {product.description || devices ? (
            <section aria-labelledby="product-description">
              <h2 id="product-description" className="text-lg font-bold">
                Description
              </h2>
              {product.description ? (
                <p className="mt-2 whitespace-pre-line text-slate-800 dark:text-slate-200">{product.description}</p>
              ) : null}
              {devices ? (
                <p className="mt-2 text-slate-800 dark:text-slate-200">
                  <span className="font-semibold">Compatible avec&nbsp;:</span> {devices}
                </p>
              ) : null}
            </section>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** `notFound`: the server already knows there is no such product (its answer is a 404). */
export function ProductPage({ notFound = false }: { notFound?: boolean }) {
  const { productId = '' } = useParams();
  const id = /^\d{1,10}$/.test(productId) ? Number(productId) : null;
  const product = useQuery({ ...shopQueries.product(id ?? 0), enabled: id !== null && !notFound });
  const missing = id === null || notFound || (product.error instanceof ApiError && product.error.status === 404);

  if (missing) return <NotFound />;
  if (product.isPending) return <ProductSkeleton />;
  if (product.isError) {
    return (
      <section className="mx-auto max-w-xl space-y-4 px-4 py-16">
        <ErrorBox>Impossible de charger ce produit. {product.error.message}</ErrorBox>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => void product.refetch()}>
            <RotateCw aria-hidden="true" className="size-4" />
            Réessayer
          </Button>
          <ButtonLink to="/boutique" variant="ghost">
            Retour à la boutique
          </ButtonLink>
        </div>
      </section>
    );
  }
  return <ProductDetail product={product.data} />;
}
