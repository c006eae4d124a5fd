import { EyeOff, ImagePlus, Trash2 } from 'lucide-react';
import { forwardRef, useEffect, useId, useRef, useState, type SelectHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  adminProductCreateSchema,
  adminProductUpdateSchema,
  MAX_PRODUCT_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  productKindLabels,
  productKinds,
  productShopFields,
  productVatRateLabels,
  type AdminProductDetail,
} from '@erepare/shared/schemas/admin-shop';
import { vatRates } from '@erepare/shared/invoice-vat';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { ErrorBox, Field } from '../../../../components/ui/field';
import { useStoreProfile } from '../../../../lib/store-profile';
import { AMOUNT_FORMAT_MESSAGE, centsToInput, formatDateTime, formatEuros, parseEuros } from './money';
import { applyIssues, BackToList, DetailHeading, CheckboxField, Facts, InfoBox, Panel, QueryState, SelectField, TextareaField, useDetailId } from './kit';
import { uploadProductImage, useAdminProduct, useDeleteProduct, useDeleteProductImage, useProductImageCache, useProductsSource, useSaveProduct } from './products-api';

export function ProductDetail({ id }: { id: number }) {
  const query = useAdminProduct(id);
  return (
    <div className="space-y-5">
      <BackToList />
      <QueryState query={query} label="Chargement du produit…">
        {() =>
          query.data ? (
            <div className="space-y-5">
              <DetailHeading>{query.data.name}</DetailHeading>
              {query.data.source === 'repairdesk' ? (
                <RepairDeskProductForm key={query.data.updatedAt} product={query.data} />
              ) : (
                <ProductForm key={query.data.updatedAt} product={query.data} />
              )}
              <ProductImages product={query.data} />
              {/* RepairDesk's products are created and deleted there; « Masqué » is in the form. */}
              {query.data.source === 'repairdesk' ? null : <ProductDanger product={query.data} />}
            </div>
          ) : null
        }
      </QueryState>
    </div>
  );
}

/**
 * « Nouveau produit »: the form for our own inventory. With RepairDesk's, products are created
 * there (the server refuses them here): an address typed or kept from before says so instead.
 */
export function ProductCreate() {
  const source = useProductsSource();
  return (
    <div className="space-y-5">
      <BackToList />
      <QueryState query={source} label="Chargement…">
        {() =>
          source.data === 'repairdesk' ? (
            <div className="space-y-4">
              <DetailHeading>Nouveau produit</DetailHeading>
              <InfoBox>
                Le stock est géré dans RepairDesk&nbsp;: les produits se créent dans RepairDesk, le site les reprend sous 5&nbsp;minutes. Ici se règlent ensuite la mise en avant, le masquage,
                la description courte, la TVA et les images de chaque produit.
              </InfoBox>
            </div>
          ) : (
            <ProductForm product={null} />
          )
        }
      </QueryState>
    </div>
  );
}

type ProductValues = {
  name: string;
  sku: string;
  kind: AdminProductDetail['kind'];
  category: string;
  brand: string;
  condition: string;
  price: string;
  salePrice: string;
  stock: string;
  warranty: string;
  shortDescription: string;
  description: string;
  featured: boolean;
  hidden: boolean;
  vatRate: AdminProductDetail['vatRate'];
};

const toValues = (product: AdminProductDetail | null): ProductValues => ({
  name: product?.name ?? '',
  sku: product?.sku ?? '',
  kind: product?.kind ?? 'accessory',
  category: product?.category ?? '',
  brand: product?.brand ?? '',
  condition: product?.condition ?? '',
  price: product ? centsToInput(product.priceCents) : '',
  salePrice: product?.salePriceCents != null ? centsToInput(product.salePriceCents) : '',
  stock: product ? String(product.stock) : '0',
  warranty: product?.warranty ?? '',
  shortDescription: product?.shortDescription ?? '',
  description: product?.description ?? '',
  featured: product?.featured ?? false,
  hidden: product?.hidden ?? false,
  vatRate: product?.vatRate ?? '20',
});

const fieldOf: Record<string, keyof ProductValues> = { priceCents: 'price', salePriceCents: 'salePrice', expectedStock: 'stock' };

/**
 * The product's « TVA ». Under the franchise no VAT is charged: the rate is shown (it applies again
 * if the shop leaves the franchise) but cannot be changed, so nobody believes it changes an invoice
 * today; the forms then never send it.
 */
const VatRateField = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { franchise: boolean; error?: string | undefined }>(function VatRateField({ franchise, error, ...props }, ref) {
  return (
    <SelectField
      ref={ref}
      label="TVA"
      disabled={franchise}
      hint={
        franchise
          ? 'Franchise en base de TVA (art. 293 B du CGI)\u00a0: aucune TVA n’est facturée, ce taux ne s’applique pas.'
          : 'Taux copié sur chaque nouvelle commande\u00a0; «\u00a0TVA sur la marge\u00a0» pour un appareil d’occasion acheté à un particulier.'
      }
      error={error}
      {...props}
    >
      {vatRates.map((rate) => (
        <option key={rate} value={rate}>
          {productVatRateLabels[rate]}
        </option>
      ))}
    </SelectField>
  );
});

const featuredHint = 'Affiché en tête de la boutique et sur l’accueil.';
const hiddenHint = 'Le produit reste dans les commandes passées mais n’est plus proposé.';

function ProductForm({ product }: { product: AdminProductDetail | null }) {
  const save = useSaveProduct();
  const franchise = useStoreProfile().vatRegime === 'franchise';
  const navigate = useNavigate();
  const { hrefFor } = useDetailId();
  const form = useForm<ProductValues>({ defaultValues: toValues(product) });
  const { errors, dirtyFields } = form.formState;

  const onSubmit = (values: ProductValues) => {
    const price = parseEuros(values.price);
    const salePrice = parseEuros(values.salePrice);
    const stock = Number(values.stock);
    let bad = false;
    if (price === null || Number.isNaN(price)) {
      form.setError('price', { message: price === null ? 'Le prix est requis' : AMOUNT_FORMAT_MESSAGE });
      bad = true;
    }
    if (salePrice !== null && Number.isNaN(salePrice)) {
      form.setError('salePrice', { message: AMOUNT_FORMAT_MESSAGE });
      bad = true;
    }
    if (values.stock.trim() === '' || !Number.isInteger(stock)) {
      form.setError('stock', { message: 'Stock\u00a0: nombre entier attendu' });
      bad = true;
    }
    if (bad) return;
    const all = {
      name: values.name,
      sku: values.sku,
      kind: values.kind,
      category: values.category,
      brand: values.brand,
      condition: values.condition,
      priceCents: price ?? 0,
      salePriceCents: salePrice,
      stock,
      warranty: values.warranty,
      shortDescription: values.shortDescription,
      description: values.description,
      featured: values.featured,
      hidden: values.hidden,
      ...(franchise ? {} : { vatRate: values.vatRate }),
    };
    if (!product) {
      const parsed = adminProductCreateSchema.safeParse(all);
      if (!parsed.success) return void applyIssues(form.setError, parsed.error.issues, fieldOf);
      save.mutate({ id: null, body: parsed.data }, { onSuccess: (response) => void navigate(hrefFor(response.data.id)) });
      return;
    }
    // Only what changed; the stock with the value the form showed (409 if an order moved it meanwhile).
    const formKey: Record<string, keyof ProductValues> = { priceCents: 'price', salePriceCents: 'salePrice' };
    const changed = Object.fromEntries(Object.entries(all).filter(([key]) => dirtyFields[formKey[key] ?? (key as keyof ProductValues)]));
    if ('stock' in changed) changed.expectedStock = product.stock;
    // The sale price is checked against the price: send both when one of them changed.
    if ('salePriceCents' in changed || 'priceCents' in changed) Object.assign(changed, { priceCents: all.priceCents, salePriceCents: all.salePriceCents });
    const parsed = adminProductUpdateSchema.safeParse(changed);
    if (!parsed.success) return void applyIssues(form.setError, parsed.error.issues, fieldOf);
    save.mutate({ id: product.id, body: parsed.data });
  };

  return (
    <Panel title={product ? 'Fiche produit' : 'Nouveau produit'}>
      <form noValidate className="space-y-4" onSubmit={form.handleSubmit(onSubmit)}>
        {save.error ? <ErrorBox>{save.error.message}</ErrorBox> : null}
        {errors.root ? <ErrorBox>{errors.root.message}</ErrorBox> : null}
        {product ? (
          <Facts
            items={[
              ['Stock réservé', `${product.reservedQuantity} unité(s) retenue(s) par des commandes en attente de paiement`],
              ['Lignes de commande', String(product.orderLineCount)],
              ['Mis à jour le', formatDateTime(product.updatedAt)],
            ]}
          />
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Field label="Nom" maxLength={200} className="sm:col-span-2" error={errors.name?.message} {...form.register('name')} />
          <Field label="Référence (SKU)" maxLength={64} error={errors.sku?.message} {...form.register('sku')} />
          <SelectField label="Type" error={errors.kind?.message} {...form.register('kind')}>
            {productKinds.map((kind) => (
              <option key={kind} value={kind}>
                {productKindLabels[kind]}
              </option>
            ))}
          </SelectField>
          <Field label="Catégorie" maxLength={80} error={errors.category?.message} {...form.register('category')} />
          <Field label="Marque" maxLength={80} error={errors.brand?.message} {...form.register('brand')} />
          <Field label="Prix TTC (€)" inputMode="decimal" hint="Par exemple 49,90" error={errors.price?.message} {...form.register('price')} />
          <Field label="Prix soldé TTC (€)" inputMode="decimal" hint="Vide&nbsp;: pas de solde" error={errors.salePrice?.message} {...form.register('salePrice')} />
          <Field label="Stock disponible" type="number" min={0} inputMode="numeric" error={errors.stock?.message} {...form.register('stock')} />
          <Field label="État" maxLength={80} hint="Reconditionné&nbsp;: Très bon état, Grade A…" error={errors.condition?.message} {...form.register('condition')} />
          <Field label="Garantie" maxLength={120} error={errors.warranty?.message} {...form.register('warranty')} />
          <VatRateField franchise={franchise} error={errors.vatRate?.message} {...form.register('vatRate')} />
        </div>
        <TextareaField label="Description courte" rows={2} maxLength={150} error={errors.shortDescription?.message} {...form.register('shortDescription')} />
        <TextareaField label="Description" rows={6} maxLength={10_000} error={errors.description?.message} {...form.register('description')} />
        <CheckboxField label="Mis en avant" hint={featuredHint} {...form.register('featured')} />
        <CheckboxField label="Masqué de la boutique" hint={hiddenHint} {...form.register('hidden')} />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Enregistrement…' : product ? 'Enregistrer' : 'Créer le produit'}
        </Button>
      </form>
    </Panel>
  );
}

type ShopValues = Pick<ProductValues, (typeof productShopFields)[number]>;

/**
 * A RepairDesk product (the RepairDesk backend): what RepairDesk owns is shown as text, and only
 * the shop's own fields are a form (the server refuses any other with a 409).
 */
function RepairDeskProductForm({ product }: { product: AdminProductDetail }) {
  const save = useSaveProduct();
  const franchise = useStoreProfile().vatRegime === 'franchise';
  const form = useForm<ShopValues>({ defaultValues: { featured: product.featured, hidden: product.hidden, shortDescription: product.shortDescription, vatRate: product.vatRate } });
  const { errors, dirtyFields } = form.formState;

  const onSubmit = (values: ShopValues) => {
    // Only what changed (the rate never under the franchise).
    const changed = Object.fromEntries(productShopFields.filter((key) => dirtyFields[key] && !(key === 'vatRate' && franchise)).map((key) => [key, values[key]]));
    const parsed = adminProductUpdateSchema.safeParse(changed);
    if (!parsed.success) return void applyIssues(form.setError, parsed.error.issues);
    save.mutate({ id: product.id, body: parsed.data });
  };

  const prices =
    product.salePriceCents !== null ? `${formatEuros(product.salePriceCents)} (soldé, au lieu de ${formatEuros(product.priceCents)})` : formatEuros(product.priceCents);
  return (
    <>
      <InfoBox>
        Nom, référence, prix et stock viennent de RepairDesk&nbsp;: modifiez-les dans RepairDesk, le site les reprend sous 5&nbsp;minutes. Ici se règlent la mise en avant, le masquage, la
        description courte, la TVA et les images.
      </InfoBox>
      <Panel title="Dans RepairDesk">
        <Facts
          items={[
            ['Nom', product.name],
            ['Référence (SKU)', product.sku],
            ['Type', productKindLabels[product.kind]],
            ['Catégorie', product.category],
            ['Marque', product.brand],
            ['État', product.condition],
            ['Prix TTC', prices],
            ['Stock RepairDesk', String(product.repairDeskQuantity ?? product.stock)],
            [
              'En vente sur le site',
              product.reservedQuantity > 0
                ? `${product.stock} (${product.reservedQuantity} vendu${product.reservedQuantity > 1 ? 's' : ''} sur le site, pas encore reporté${product.reservedQuantity > 1 ? 's' : ''} dans RepairDesk)`
                : String(product.stock),
            ],
            ['Garantie', product.warranty],
            ['Description', product.description ? <span className="whitespace-pre-line">{product.description}</span> : ''],
            ['Lignes de commande', String(product.orderLineCount)],
          ]}
        />
      </Panel>
      <Panel title="Fiche boutique">
        <form noValidate className="space-y-4" onSubmit={form.handleSubmit(onSubmit)}>
          {save.error ? <ErrorBox>{save.error.message}</ErrorBox> : null}
          {errors.root ? <ErrorBox>{errors.root.message}</ErrorBox> : null}
          <CheckboxField label="Mis en avant" hint={featuredHint} {...form.register('featured')} />
          <CheckboxField label="Masqué de la boutique" hint={hiddenHint} {...form.register('hidden')} />
          <TextareaField label="Description courte" rows={2} maxLength={150} error={errors.shortDescription?.message} {...form.register('shortDescription')} />
          <div className="sm:max-w-md">
            <VatRateField franchise={franchise} error={errors.vatRate?.message} {...form.register('vatRate')} />
          </div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Enregistrement…' : 'Enregistrer'}
          </Button>
        </form>
      </Panel>
    </>
  );
}

type Upload = { key: string; name: string; preview: string; progress: number; error?: string; done?: boolean };

function ProductImages({ product }: { product: AdminProductDetail }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [alt, setAlt] = useState('');
  const [removing, setRemoving] = useState<number | null>(null);
  const remove = useDeleteProductImage(product.id);
  const cache = useProductImageCache(product.id);
  const room = MAX_PRODUCT_IMAGES - product.images.length;
  const previews = useRef<string[]>([]);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const patch = (key: string, change: Partial<Upload>) => setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const send = async (files: File[]) => {
    const items = files.map((file, index) => {
      const preview = URL.createObjectURL(file);
      previews.current.push(preview);
      return { file, upload: { key: `${Date.now()}-${index}-${file.name}`, name: file.name, preview, progress: 0 } satisfies Upload };
    });
    setUploads((list) => [...list.filter((item) => !item.done), ...items.map((item) => item.upload)]);
    let left = room;
    for (const { file, upload } of items) {
      if (left <= 0) {
        patch(upload.key, { error: `${MAX_PRODUCT_IMAGES} images au plus par produit\u00a0: supprimez-en une d’abord.` });
        continue;
      }
      if (!['image/jpeg', 'image/png', 'image/webp'].includes(file.type)) {
        patch(upload.key, { error: 'Format d’image non pris en charge\u00a0: JPEG, PNG ou WebP uniquement.' });
        continue;
      }
      if (file.size > MAX_PRODUCT_IMAGE_BYTES) {
        patch(upload.key, { error: 'Image trop lourde\u00a0: 10 Mo au plus.' });
        continue;
      }
      try {
        const updated = await uploadProductImage(product.id, file, alt, (progress) => patch(upload.key, { progress }));
        patch(upload.key, { progress: 1, done: true });
        left -= 1;
        cache(updated);
      } catch (error) {
        patch(upload.key, { error: error instanceof Error ? error.message : 'Envoi impossible' });
      }
    }
  };

  return (
    <Panel title={`Images (${product.images.length} / ${MAX_PRODUCT_IMAGES})`}>
      <div className="space-y-4">
        {remove.error ? <ErrorBox>{remove.error.message}</ErrorBox> : null}
        {product.images.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {product.images.map((image) => (
              <li key={`${image.index}-${image.src}`} className="space-y-2">
                <img src={image.thumb || image.src} alt={image.alt || `Image ${image.index + 1} de ${product.name}`} className="aspect-square w-full rounded-lg border border-slate-300 object-cover dark:border-slate-600" />
                <Button variant="ghost" className="w-full" onClick={() => setRemoving(image.index)} aria-label={`Supprimer l’image ${image.index + 1}`}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  Supprimer
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">Aucune image.</p>
        )}
        {room > 0 ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Texte alternatif des images envoyées" maxLength={200} hint="Décrit l’image pour les personnes qui ne la voient pas." value={alt} onChange={(event) => setAlt(event.target.value)} />
            <div>
              <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
                Ajouter des images
              </label>
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                multiple
                accept="image/jpeg,image/png,image/webp"
                aria-describedby={`${inputId}-hint`}
                className="block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 file:mr-3 file:rounded file:border-0 file:bg-slate-200 file:px-3 file:py-1 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-100 dark:file:bg-ink-800 dark:file:text-slate-100"
                onChange={(event) => {
                  const files = [...(event.target.files ?? [])];
                  event.target.value = '';
                  if (files.length > 0) void send(files);
                }}
              />
              <p id={`${inputId}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                <ImagePlus aria-hidden="true" className="mr-1 inline size-4" />
                JPEG, PNG ou WebP, 10 Mo au plus chacune&nbsp;; redimensionnées par le serveur. Encore {room} possible(s).
              </p>
            </div>
          </div>
        ) : null}
        {uploads.length > 0 ? (
          <ul className="space-y-2" aria-live="polite">
            {uploads.map((upload) => (
              <li key={upload.key} className="flex items-center gap-3 text-sm">
                {upload.error ? (
                  <span aria-hidden="true" className="size-12 shrink-0 rounded border border-red-400 bg-red-50 dark:bg-red-950" />
                ) : (
                  <img src={upload.preview} alt="" className="size-12 shrink-0 rounded border border-slate-300 object-cover dark:border-slate-600" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{upload.name}</p>
                  {upload.error ? (
                    <p className="font-medium text-red-700 dark:text-red-300">{upload.error}</p>
                  ) : upload.done ? (
                    <p className="text-emerald-800 dark:text-emerald-300">Envoyée</p>
                  ) : (
                    <progress max={1} value={upload.progress} className="w-full" aria-label={`Envoi de ${upload.name}`}>
                      {Math.round(upload.progress * 100)}&nbsp;%
                    </progress>
                  )}
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {removing !== null ? (
        <ConfirmDialog
          title={`Supprimer l’image ${removing + 1}\u00a0?`}
          confirmLabel="Supprimer"
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const index = removing;
            setRemoving(null);
            remove.mutate(index);
          }}
        />
      ) : null}
    </Panel>
  );
}

function ProductDanger({ product }: { product: AdminProductDetail }) {
  const remove = useDeleteProduct();
  const save = useSaveProduct();
  const navigate = useNavigate();
  const { hrefFor } = useDetailId();
  const [confirm, setConfirm] = useState<'delete' | 'hide' | null>(null);
  const inOrders = product.orderLineCount > 0;
  return (
    <Panel title="Retirer le produit">
      <div className="space-y-3">
        {remove.error ? <ErrorBox>{remove.error.message}</ErrorBox> : null}
        {save.error ? <ErrorBox>{save.error.message}</ErrorBox> : null}
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {inOrders
            ? 'Ce produit figure dans des commandes\u00a0: il ne peut pas être supprimé, masquez-le pour le retirer de la boutique.'
            : 'Un produit jamais commandé peut être supprimé définitivement.'}
        </p>
        <div className="flex flex-wrap gap-2">
          {!product.hidden ? (
            <Button variant="secondary" onClick={() => setConfirm('hide')}>
              <EyeOff aria-hidden="true" className="size-4" />
              Masquer de la boutique
            </Button>
          ) : null}
          <Button variant="danger" onClick={() => setConfirm('delete')} disabled={remove.isPending}>
            <Trash2 aria-hidden="true" className="size-4" />
            Supprimer le produit
          </Button>
        </div>
      </div>
      {confirm === 'delete' ? (
        <ConfirmDialog
          title={`Supprimer «\u00a0${product.name}\u00a0»\u00a0?`}
          confirmLabel="Supprimer"
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            setConfirm(null);
            remove.mutate(product.id, { onSuccess: () => void navigate(hrefFor(null)) });
          }}
        >
          {inOrders ? 'Le serveur refusera\u00a0: ce produit figure dans des commandes. Préférez «\u00a0Masquer de la boutique\u00a0».' : 'La suppression est définitive.'}
        </ConfirmDialog>
      ) : null}
      {confirm === 'hide' ? (
        <ConfirmDialog
          title={`Masquer «\u00a0${product.name}\u00a0» de la boutique\u00a0?`}
          confirmLabel="Masquer"
          tone="primary"
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            setConfirm(null);
            save.mutate({ id: product.id, body: { hidden: true } });
          }}
        >
          Il ne sera plus proposé à la vente&nbsp;; les commandes passées le gardent.
        </ConfirmDialog>
      ) : null}
    </Panel>
  );
}
