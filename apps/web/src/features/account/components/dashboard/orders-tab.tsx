import { ArrowLeft, Download, ShoppingBag } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatDate, formatEuros } from '@erepare/shared/format';
import { ButtonLink, Button } from '../../../../components/ui/button';
import { ErrorBox } from '../../../../components/ui/field';
import { Spinner } from '../../../../components/ui/spinner';
import { orderNumber, type ShopOrder } from '../../api/order-schema';
import { useStoreProfile } from '../../../../lib/store-profile';
import { useOrders } from '../../hooks/dashboard-data';
import { usePdfExport } from '../../../../lib/pdf-download';
import {
  addressLines,
  filterOrdersByStatus,
  orderMentions,
  orderMessages,
  orderStatusOptions,
  orderTotals,
  searchOrders,
  sortOrders,
  type OrderStatusFilter,
} from './model/orders';
import { LinesTable, Totals } from './money';
import { RecordList } from './record-list';
import { AddressBlock, countText, Detail, Notice, OrderStatusBadge, SearchField, SelectField } from './ui';

/**
 * "Mes commandes" (spec 1 §2, §5, §8): the shop orders of the user (the list comes from
 * GET /api/shop/orders, added by the shop issue; any failure counts as an empty list).
 */
export function OrdersTab() {
  const [status, setStatus] = useState<OrderStatusFilter>('');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<ShopOrder | null>(null);
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const orders = useOrders(status);
  const all = orders.data ?? [];
  const results = useMemo(() => sortOrders(searchOrders(filterOrdersByStatus(orders.data ?? [], status), query)), [orders.data, status, query]);

  return (
    <section aria-labelledby="orders-heading" className="space-y-5">
      <h2 id="orders-heading" className="text-2xl font-bold tracking-tight">
        Mes commandes
      </h2>
      {selected ? (
        <OrderDetail
          order={selected}
          onBack={() => {
            setReturnTo(String(selected.id));
            setSelected(null);
          }}
        />
      ) : orders.isPending ? (
        <Spinner label="Chargement de vos commandes…" />
      ) : all.length === 0 && status === '' ? (
        <EmptyOrders />
      ) : (
        <div className="space-y-4">
          <form
            role="search"
            aria-label="Rechercher dans mes commandes"
            onSubmit={(event) => event.preventDefault()}
            className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:items-start lg:max-w-3xl"
          >
            <SearchField label="Rechercher une commande" hint="Numéro, article, prénom ou nom de facturation" value={query} onChange={setQuery} />
            <SelectField
              label="Statut"
              value={status}
              onChange={(value) => setStatus(value as OrderStatusFilter)}
              options={[{ value: '', label: 'Tous les statuts' }, ...orderStatusOptions]}
            />
          </form>
          <OrderList orders={results} returnTo={returnTo} onOpen={setSelected} />
        </div>
      )}
    </section>
  );
}

function EmptyOrders() {
  return (
    <Notice title={orderMessages.empty}>
      <p>Vos commandes passées sur la boutique en ligne apparaîtront ici, avec leur suivi et leur facture.</p>
      <ButtonLink to="/boutique" variant="secondary" className="mt-3">
        <ShoppingBag aria-hidden="true" className="size-4" />
        Découvrir la boutique
      </ButtonLink>
    </Notice>
  );
}

function OrderList({ orders, returnTo, onOpen }: { orders: ShopOrder[]; returnTo: string | null; onOpen: (order: ShopOrder) => void }) {
  return (
    <RecordList
      records={orders}
      label="Mes commandes"
      count={countText(orders.length, 'commande', 'commandes', orderMessages.empty)}
      keyOf={(order) => String(order.id)}
      returnTo={returnTo}
      onOpen={onOpen}
      card={(order) => ({
        title: `N° ${orderNumber(order)}`,
        badge: <OrderStatusBadge status={order.status} />,
        meta: (
          <>
            <time dateTime={order.date_created}>{formatDate(order.date_created)}</time> ·{' '}
            {countText(order.line_items.reduce((sum, item) => sum + item.quantity, 0), 'article', 'articles', 'aucun article')}
            {order.invoice_number ? ` · facture ${order.invoice_number}` : ''}
          </>
        ),
        summary: order.line_items.map((item) => item.name).join(', '),
        amount: <span className="font-semibold tabular-nums">{formatEuros(order.total)}</span>,
        action: 'Voir la commande',
      })}
    />
  );
}

function OrderDetail({ order, onBack }: { order: ShopOrder; onBack: () => void }) {
  const pdf = usePdfExport();
  const storeProfile = useStoreProfile();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const number = orderNumber(order);
  const billing = addressLines(order.billing);
  const shipping = addressLines(order.shipping);
  const lines = order.line_items.map((item, index) => ({ key: `${index}`, name: item.name, sku: item.sku, quantity: item.quantity, price: item.price, total: item.total }));

  return (
    <article aria-labelledby="order-detail-heading" className="space-y-5">
      <Button variant="secondary" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Retour à mes commandes
      </Button>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id="order-detail-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
            Commande <span className="font-mono">N° {number}</span>
          </h3>
          <p className="mt-1">
            <OrderStatusBadge status={order.status} />
          </p>
        </div>
        {/* A paid order's PDF is its invoice (issue 22 §1); before payment, the order's summary. */}
        <Button
          onClick={() => void pdf.run('order', `/api/shop/orders/${order.id}/pdf`, order.invoice_number ? `facture-${order.invoice_number}.pdf` : `commande-${number}.pdf`)}
          disabled={pdf.busy !== null}
        >
          <Download aria-hidden="true" className="size-4" />
          {pdf.busy === 'order' ? 'Préparation du PDF…' : order.invoice_number ? 'Télécharger la facture (PDF)' : 'Télécharger la commande (PDF)'}
        </Button>
      </div>
      {pdf.error ? <ErrorBox>{pdf.error}</ErrorBox> : null}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
        <Detail term="Date">
          <time dateTime={order.date_created}>{formatDate(order.date_created)}</time>
        </Detail>
        {order.payment_method_title ? <Detail term="Paiement">{order.payment_method_title}</Detail> : null}
        {order.invoice_number ? (
          <Detail term="Facture">
            <span className="font-mono">{order.invoice_number}</span>
            {order.date_invoiced ? (
              <>
                {' '}
                du <time dateTime={order.date_invoiced}>{formatDate(order.date_invoiced)}</time>
              </>
            ) : null}
          </Detail>
        ) : null}
        {order.transaction_id ? (
          <Detail term="Transaction">
            <span className="font-mono break-all">{order.transaction_id}</span>
          </Detail>
        ) : null}
      </dl>
      {order.credit_notes.length > 0 ? (
        // Issue 22 §1: each refund of the invoice is a credit note with its own number and PDF.
        <section aria-labelledby="order-credit-notes-heading" className="space-y-2">
          <h4 id="order-credit-notes-heading" className="font-semibold">
            Avoirs
          </h4>
          <ul className="space-y-2">
            {order.credit_notes.map((note) => (
              <li key={note.number} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-700">
                <span>
                  Avoir <span className="font-mono">{note.number}</span> du <time dateTime={note.date}>{formatDate(note.date)}</time>
                  {'\u00a0: '}
                  <span className="font-semibold tabular-nums">{formatEuros(note.amount)}</span> remboursés
                </span>
                <Button
                  variant="secondary"
                  aria-label={`Télécharger l’avoir ${note.number}`}
                  onClick={() =>
                    void pdf.run(`credit-note:${note.number}`, `/api/shop/orders/${order.id}/credit-notes/${encodeURIComponent(note.number)}/pdf`, `avoir-${note.number}.pdf`)
                  }
                  disabled={pdf.busy !== null}
                >
                  <Download aria-hidden="true" className="size-4" />
                  {pdf.busy === `credit-note:${note.number}` ? 'Préparation du PDF…' : 'Télécharger l’avoir'}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <AddressBlock title="Facturation" lines={[...billing, order.billing.email, order.billing.phone].filter(Boolean)} />
        {shipping.length > 0 ? <AddressBlock title="Livraison" lines={shipping} /> : null}
      </div>
      <LinesTable caption={`Articles de la commande ${number}`} lines={lines} />
      <Totals rows={orderTotals(order, storeProfile.vatRegime)} />
      {orderMentions(order, storeProfile.vatRegime).map((mention) => (
        <p key={mention} className="text-xs text-slate-700 dark:text-slate-300">
          {mention}
        </p>
      ))}
      {order.customer_note.trim() ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <span className="font-semibold">Note de commande&nbsp;: </span>
          {order.customer_note}
        </p>
      ) : null}
    </article>
  );
}
