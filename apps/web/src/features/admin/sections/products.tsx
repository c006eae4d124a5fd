import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { adminProductListResponseSchema, LOW_STOCK_THRESHOLD, productKindLabels, productKinds, type AdminProductSummary } from '@erepare/shared/schemas/admin-shop';
import { buttonClasses } from '../../../components/ui/button';
import { DataTable } from '../components/data-table';
import { SearchFilter, SelectFilter } from '../components/list-filters';
import { useAdminList } from '../components/use-admin-list';
import { formatEuros } from './shop/money';
import { InfoBox, Pill, useDetailId } from './shop/kit';
import { ProductCreate, ProductDetail } from './shop/product-detail';

const column = createColumnHelper<AdminProductSummary>();
const right = { className: 'text-right tabular-nums', headerClassName: 'text-right' };
const columns = [
  column.accessor('name', {
    header: 'Produit',
    enableSorting: true,
    meta: { className: 'min-w-56' },
    cell: (info) => (
      <span className="inline-flex items-center gap-2">
        {info.row.original.imageUrl ? <img src={info.row.original.imageUrl} alt="" className="size-10 shrink-0 rounded border border-slate-300 object-cover dark:border-slate-600" /> : null}
        <span>{info.getValue()}</span>
      </span>
    ),
  }),
  column.accessor('sku', { header: 'Référence', enableSorting: true }),
  column.accessor('kind', { header: 'Type', cell: (info) => productKindLabels[info.getValue()] }),
  column.accessor('category', { header: 'Catégorie', cell: (info) => info.getValue() || '—' }),
  column.accessor('priceCents', {
    id: 'price',
    header: 'Prix TTC',
    enableSorting: true,
    meta: right,
    cell: (info) =>
      info.row.original.salePriceCents !== null ? (
        <span>
          <span className="font-semibold">{formatEuros(info.row.original.salePriceCents)}</span> <s className="text-slate-600 dark:text-slate-300">{formatEuros(info.getValue())}</s>
        </span>
      ) : (
        formatEuros(info.getValue())
      ),
  }),
  column.accessor('stock', {
    header: 'Stock',
    enableSorting: true,
    meta: right,
    cell: (info) => (info.getValue() <= 0 ? <Pill tone="bad">Rupture</Pill> : info.getValue() <= LOW_STOCK_THRESHOLD ? <Pill tone="warn">{info.getValue()} (faible)</Pill> : info.getValue()),
  }),
  column.display({
    id: 'flags',
    header: 'Boutique',
    cell: (info) => (
      <span className="flex flex-wrap gap-1">
        {info.row.original.hidden ? <Pill>Masqué</Pill> : <Pill tone="good">Visible</Pill>}
        {info.row.original.featured ? <Pill>Mis en avant</Pill> : null}
      </span>
    ),
  }),
  column.accessor('createdAt', { id: 'date', header: 'Ajouté le', enableSorting: true, meta: { sortDescFirst: true }, cell: (info) => new Date(info.getValue()).toLocaleDateString('fr-FR') }),
];

const yesNo = [
  { value: 'true', label: 'Oui' },
  { value: 'false', label: 'Non' },
];

export function ProductsSection() {
  const { id } = useDetailId();
  const numericId = id ? Number(id) : NaN;
  if (id === 'nouveau') return <ProductCreate />;
  if (id && Number.isInteger(numericId) && numericId > 0) return <ProductDetail id={numericId} />;
  return <ProductsList />;
}

function ProductsList() {
  const { hrefFor } = useDetailId();
  const list = useAdminList({
    key: 'products',
    path: '/api/admin/products',
    schema: adminProductListResponseSchema,
    filterKeys: ['search', 'kind', 'category', 'featured', 'hidden', 'stock'],
    defaultSort: { id: 'date', desc: true },
  });
  // RepairDesk's products are created there: the button only once the list said whose they are.
  const repairDesk = list.query.data?.source === 'repairdesk';
  return (
    <div className="space-y-4">
      {repairDesk ? (
        <InfoBox>
          Nom, référence, prix et stock viennent de RepairDesk&nbsp;: les produits se créent et se modifient dans RepairDesk, le site les reprend sous 5&nbsp;minutes. Ici se règlent la mise en avant,
          le masquage, la description courte, la TVA et les images de chaque produit.
        </InfoBox>
      ) : list.query.isPending ? null : (
        <Link to={hrefFor('nouveau')} className={buttonClasses('primary')}>
          <Plus aria-hidden="true" className="size-4" />
          Nouveau produit
        </Link>
      )}
      <DataTable
        caption="Produits et stock"
        captionHidden
        columns={columns}
        {...list.tableProps}
        loadingLabel="Chargement des produits…"
        emptyMessage="Aucun produit ne correspond à ces critères."
        getRowHref={(product) => hrefFor(product.id)}
        rowLabel={(product) => `Ouvrir la fiche ${product.name}`}
        toolbar={
          <div className="flex flex-wrap items-end gap-3">
            <SearchFilter label="Rechercher" placeholder="Nom ou référence" value={list.filters.search ?? ''} onChange={(value) => list.setFilter('search', value)} />
            <SelectFilter label="Type" value={list.filters.kind ?? ''} onChange={(value) => list.setFilter('kind', value)} options={productKinds.map((kind) => ({ value: kind, label: productKindLabels[kind] }))} className="w-full sm:w-52" />
            <SearchFilter label="Catégorie" placeholder="Nom de la catégorie" value={list.filters.category ?? ''} onChange={(value) => list.setFilter('category', value)} maxLength={80} className="w-full sm:w-48" />
            <SelectFilter
              label="Stock"
              value={list.filters.stock ?? ''}
              onChange={(value) => list.setFilter('stock', value)}
              options={[
                { value: 'in', label: 'En stock' },
                { value: 'low', label: `Stock faible (≤ ${LOW_STOCK_THRESHOLD})` },
                { value: 'out', label: 'En rupture' },
              ]}
              className="w-full sm:w-44"
            />
            <SelectFilter label="Mis en avant" value={list.filters.featured ?? ''} onChange={(value) => list.setFilter('featured', value)} options={yesNo} className="w-full sm:w-36" />
            <SelectFilter label="Masqué" value={list.filters.hidden ?? ''} onChange={(value) => list.setFilter('hidden', value)} options={yesNo} className="w-full sm:w-36" />
          </div>
        }
      />
    </div>
  );
}
