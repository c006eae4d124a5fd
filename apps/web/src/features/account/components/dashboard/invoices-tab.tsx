import { ArrowLeft, Download } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatDate, formatDateTime, formatEuros } from '@erepare/shared/format';
import type { SessionUser } from '@erepare/shared/schemas/auth';
import type { Invoice, InvoiceStatusValue } from '@erepare/shared/schemas/repair';
import { Button } from '../../../../components/ui/button';
import { ErrorBox } from '../../../../components/ui/field';
import { Spinner } from '../../../../components/ui/spinner';
import { customerLines, invoiceFigures, invoiceMentions, isBusinessCustomer, sellerLines } from '@erepare/shared/invoice-document';
import { useStoreProfile } from '../../../../lib/store-profile';
import { useInvoice, useInvoices } from '../../hooks/dashboard-data';
import { usePdfExport } from '../../../../lib/pdf-download';
import { useTicketParam } from '../../hooks/dashboard-tab';
import { NeedsVerification, NotLinked } from './access-notices';
import {
  filterInvoicesByStatus,
  invoiceDetailErrorMessage,
  invoiceListErrorMessage,
  invoiceMessages,
  invoiceStatusOptions,
  searchInvoices,
  sortInvoices,
} from './model/invoices';
import { ticketAccess } from './model/tickets';
import { RecordList } from './record-list';
import { InvoicePayOnline } from './invoice-pay-online';
import { InvoiceLinesTable, Totals } from './money';
import { AddressBlock, countText, Detail, ErrorWithRetry, InvoiceStatusBadge, Notice, SearchField, SelectField } from './ui';

/** "Mes factures" (spec 1 §2, §5, §8): list, search, status filter, detail with a back button, PDF. */
export function InvoicesTab({ user }: { user: SessionUser }) {
  const access = ticketAccess(user);
  const [status, setStatus] = useState<InvoiceStatusValue | ''>('');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<Invoice | null>(null);
  const [returnTo, setReturnTo] = useState<number | null>(null);
  const invoices = useInvoices(status, access === 'ok');

  return (
    <section aria-labelledby="invoices-heading" className="space-y-5">
      <h2 id="invoices-heading" className="text-2xl font-bold tracking-tight">
        Mes factures
      </h2>
      {access === 'unverified' ? <NeedsVerification what="factures" /> : null}
      {access === 'unlinked' ? <NotLinked user={user} /> : null}
      {access === 'ok' && selected ? (
        <InvoiceDetail
          initial={selected}
          onBack={() => {
            setReturnTo(selected.id);
            setSelected(null);
          }}
        />
      ) : null}
      {access === 'ok' && !selected ? (
        <div className="space-y-4">
          <form
            role="search"
            aria-label="Rechercher dans mes factures"
            onSubmit={(event) => event.preventDefault()}
            className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:items-start lg:max-w-3xl"
          >
            <SearchField label="Rechercher une facture" hint="Numéro, nom du client ou article" value={query} onChange={setQuery} />
            <SelectField
              label="Statut"
              value={status}
              onChange={(value) => setStatus(value as InvoiceStatusValue | '')}
              options={[{ value: '', label: 'Tous les statuts' }, ...invoiceStatusOptions]}
            />
          </form>
          {invoices.isPending ? <Spinner label="Chargement de vos factures…" /> : null}
          {invoices.isError ? (
            <ErrorWithRetry message={invoiceListErrorMessage(invoices.error)} onRetry={() => void invoices.refetch()} retrying={invoices.isFetching} />
          ) : null}
          {invoices.isSuccess ? (
            <InvoiceList
              invoices={sortInvoices(searchInvoices(filterInvoicesByStatus(invoices.data, status), query))}
              returnTo={returnTo}
              onOpen={(invoice) => setSelected(invoice)}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function InvoiceList({ invoices, returnTo, onOpen }: { invoices: Invoice[]; returnTo: number | null; onOpen: (invoice: Invoice) => void }) {
  return (
    <RecordList
      records={invoices}
      label="Mes factures"
      count={countText(invoices.length, 'facture', 'factures', invoiceMessages.empty)}
      keyOf={(invoice) => String(invoice.id)}
      returnTo={returnTo === null ? null : String(returnTo)}
      onOpen={onOpen}
      card={(invoice) => ({
        title: invoice.invoice_number,
        badge: <InvoiceStatusBadge status={invoice.status} />,
        meta: (
          <>
            <time dateTime={invoice.created_at}>{formatDate(invoice.created_at)}</time>
            {' · '}
            {countText(invoice.line_items.length, 'article', 'articles', 'aucun article')}
            {invoice.ticket.hasTicket && invoice.ticket.order_id ? ` · Ticket ${invoice.ticket.order_id}` : ''}
          </>
        ),
        summary: invoice.line_items[0]?.name,
        amount: (
          <>
            <span className="font-semibold tabular-nums">{formatEuros(invoice.total_amount)}</span>
            {invoice.amount_due > 0 ? <span className="text-slate-700 dark:text-slate-300"> · reste {formatEuros(invoice.amount_due)}</span> : null}
          </>
        ),
        action: 'Voir la facture',
      })}
      empty={
        <Notice>
          <p>Les factures du magasin établies à votre nom apparaîtront ici. Modifiez la recherche ou le statut pour en voir d’autres.</p>
        </Notice>
      }
    />
  );
}

function InvoiceDetail({ initial, onBack }: { initial: Invoice; onBack: () => void }) {
  const detail = useInvoice(initial.id, initial);
  const [, openTicket] = useTicketParam();
  const pdf = usePdfExport();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const invoice = detail.data;
  const storeProfile = useStoreProfile();
  const figures = useMemo(() => (invoice ? invoiceFigures(invoice, storeProfile.vatRegime) : null), [invoice, storeProfile.vatRegime]);
  const mentions = useMemo(
    () =>
      invoice && figures
        ? invoiceMentions({
            shop: storeProfile,
            business: isBusinessCustomer(invoice.customer),
            marginScheme: figures.marginScheme,
            dueDate: formatDate(invoice.due_on ?? invoice.created_at),
            serviceDate: formatDate(invoice.created_at),
          })
        : [],
    [invoice, figures, storeProfile],
  );

  return (
    <article aria-labelledby="invoice-detail-heading" className="space-y-5">
      <Button variant="secondary" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Retour à mes factures
      </Button>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id="invoice-detail-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
            Facture <span className="font-mono">{initial.invoice_number}</span>
          </h3>
          {invoice ? (
            <p className="mt-1">
              <InvoiceStatusBadge status={invoice.status} />
            </p>
          ) : null}
        </div>
        {invoice ? (
          <Button onClick={() => void pdf.run('invoice', `/api/repairdesk/invoices/${invoice.id}/pdf`, `facture-${invoice.invoice_number}.pdf`)} disabled={pdf.busy !== null}>
            <Download aria-hidden="true" className="size-4" />
            {pdf.busy ? 'Préparation du PDF…' : 'Télécharger la facture (PDF)'}
          </Button>
        ) : null}
      </div>
      {pdf.error ? <ErrorBox>{pdf.error}</ErrorBox> : null}
      {detail.isError ? (
        <ErrorWithRetry message={invoiceDetailErrorMessage(detail.error)} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      ) : null}
      {invoice && !detail.isError ? (
        <>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
            <Detail term="Date">
              <time dateTime={invoice.created_at}>{formatDate(invoice.created_at)}</time>
            </Detail>
            {invoice.due_on ? (
              <Detail term="Échéance">
                <time dateTime={invoice.due_on}>{formatDate(invoice.due_on)}</time>
              </Detail>
            ) : null}
            <Detail term="Client">{invoice.customer.fullName}</Detail>
            {invoice.ticket.hasTicket && invoice.ticket.order_id ? (
              <Detail term="Ticket associé">
                <button
                  type="button"
                  aria-haspopup="dialog"
                  onClick={() => openTicket(invoice.ticket.order_id)}
                  className="font-mono font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-300"
                >
                  {invoice.ticket.order_id}
                </button>
              </Detail>
            ) : null}
          </dl>
          <div className="grid gap-4 sm:grid-cols-2">
            <AddressBlock title="Vendeur" lines={sellerLines(storeProfile)} />
            <AddressBlock title="Facturé à" lines={customerLines(invoice.customer)} />
          </div>
          <InvoiceLinesTable caption={`Détail de la facture ${invoice.invoice_number}`} lines={figures?.lines ?? []} />
          <Totals rows={figures?.totals ?? []} />
          <InvoicePayOnline invoice={invoice} />
          {invoice.payments.length > 0 ? (
            <section aria-labelledby="invoice-payments-heading">
              <h4 id="invoice-payments-heading" className="text-base font-semibold">
                Règlements
              </h4>
              <ul className="mt-2 space-y-1 text-sm">
                {invoice.payments.map((payment, index) => (
                  <li key={index} className="flex flex-wrap justify-between gap-2 border-b border-slate-200 py-1.5 dark:border-slate-700">
                    <span>
                      <time dateTime={payment.payment_date}>{formatDateTime(payment.payment_date)}</time> ·{' '}
                      {payment.type === 'refund' ? `Remboursement (${payment.method})` : payment.method}
                    </span>
                    <span className="tabular-nums">{formatEuros(payment.type === 'refund' ? -payment.amount : payment.amount)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {invoice.notes.trim() ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              <span className="font-semibold">Remarques&nbsp;: </span>
              {invoice.notes}
            </p>
          ) : null}
          <ul className="space-y-1 text-xs text-slate-700 dark:text-slate-300">
            {mentions.map((mention) => (
              <li key={mention}>{mention}</li>
            ))}
          </ul>
        </>
      ) : null}
      {detail.isPending && !invoice ? <Spinner label="Chargement de la facture…" /> : null}
    </article>
  );
}
