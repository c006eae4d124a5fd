import { describe, expect, it } from 'vitest';
import { MARGIN_SCHEME_MENTION } from '@erepare/shared/invoice-vat';
import { ApiError, NETWORK_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from '../../../../../lib/api-client';
import { RequestTimeoutError } from '../../../api/timeout';
import { CUSTOMER_ID, fullTicket, invoice, sessionUser, shopOrder, ticketDetail } from '../test/fixtures';
import {
  filterInvoicesByStatus,
  invoiceDetailErrorMessage,
  invoiceListErrorMessage,
  invoiceStatusLabel,
  invoiceStatusTone,
  searchInvoices,
  sortInvoices,
} from './invoices';
import { filterOrdersByStatus, orderMentions, orderStatusGroup, orderStatusLabel, orderTotals, searchOrders } from './orders';
import { profileToForm, validateProfile } from './profile';
import { matchesQuery, searchKey } from './search';
import { parseTab, tabAfterKey } from './tabs';
import {
  notAuthorisedMessage,
  ownedTicket,
  ownTickets,
  searchTickets,
  sortTickets,
  ticketAccess,
  ticketErrorMessage,
  ticketMatchesKey,
  ticketParamDisplay,
  ticketParamKey,
  ticketStatusView,
} from './tickets';
import { profile } from '../test/fixtures';

describe('search', () => {
  it('ignores case, accents and extra blanks, and wants every word', () => {
    expect(searchKey('  Écran   CASSÉ ')).toBe('ecran casse');
    expect(matchesQuery('ecran iphone', ['iPhone 13', 'Écran cassé'])).toBe(true);
    expect(matchesQuery('ecran samsung', ['iPhone 13', 'Écran cassé'])).toBe(false);
    expect(matchesQuery('   ', ['anything'])).toBe(true);
  });
});

describe('tabs', () => {
  it('reads ?tab=, repairs by default', () => {
    expect(parseTab(null)).toBe('repairs');
    expect(parseTab('invoices')).toBe('invoices');
    expect(parseTab('bookings')).toBe('bookings');
    expect(parseTab(' PROFILE ')).toBe('profile');
    expect(parseTab('admin')).toBe('repairs');
  });

  it('moves with the arrows (wrapping), Home and End', () => {
    expect(tabAfterKey('repairs', 'ArrowRight')).toBe('bookings');
    expect(tabAfterKey('bookings', 'ArrowRight')).toBe('orders');
    expect(tabAfterKey('notifications', 'ArrowRight')).toBe('repairs');
    expect(tabAfterKey('repairs', 'ArrowLeft')).toBe('notifications');
    expect(tabAfterKey('invoices', 'Home')).toBe('repairs');
    expect(tabAfterKey('invoices', 'End')).toBe('notifications');
    expect(tabAfterKey('invoices', 'Enter')).toBeNull();
  });
});

describe('tickets', () => {
  it('needs a verified address, then a linked customer (spec 1 §5)', () => {
    expect(ticketAccess(sessionUser({ email_verified: false }))).toBe('unverified');
    expect(ticketAccess(sessionUser({ repairdesk_customer_id: null }))).toBe('unlinked');
    expect(ticketAccess(sessionUser())).toBe('ok');
  });

  it('keeps only the user’s own tickets, the id compared as number or text', () => {
    const mine = fullTicket({ id: 1 });
    const theirs = fullTicket({ id: 2, customer_id: 99, customerId: 99 });
    expect(ownTickets([mine, theirs], CUSTOMER_ID)).toEqual([mine]);
    expect(ownTickets([mine, theirs], null)).toEqual([]);
    const text = { ...mine, customerId: `${CUSTOMER_ID}` as unknown as number };
    expect(ownTickets([text], CUSTOMER_ID)).toHaveLength(1);
  });

  it('searches the number with or without T-, device, fault, French status, IMEI and repair items', () => {
    const a = fullTicket({ id: 1 });
    const b = fullTicket({
      id: 2,
      status: 'Waiting for parts',
      device_name: 'Galaxy S21',
      devices: [{ ...a.devices[0]!, device_name: 'Galaxy S21', device_brand: 'Samsung', imei: '111222333444555', repairItems: ['Batterie'], status: 'Waiting for parts' }],
    });
    expect(searchTickets([a, b], '6602')).toEqual([b]);
    expect(searchTickets([a, b], 't-6601')).toEqual([a]);
    expect(searchTickets([a, b], 'samsung')).toEqual([b]);
    expect(searchTickets([a, b], 'attente de pieces')).toEqual([b]);
    expect(searchTickets([a, b], '111222333')).toEqual([b]);
    expect(searchTickets([a, b], 'batterie')).toEqual([b]);
    expect(searchTickets([a, b], 'ecran casse')).toEqual([a, b]);
    expect(searchTickets([a, b], '')).toEqual([a, b]);
  });

  it('sorts newest first', () => {
    const old = fullTicket({ id: 1, created_at: '2026-10-01T10:00:00Z' });
    const recent = fullTicket({ id: 2, created_at: '2026-11-01T10:00:00Z' });
    expect(sortTickets([old, recent]).map((ticket) => ticket.id)).toEqual([2, 1]);
  });

  it('reads ?ticket= as a ticket number or an id, never anything else', () => {
    expect(ticketParamKey('6632')).toBe('T-6632');
    expect(ticketParamKey(' t-6632 ')).toBe('T-6632');
    expect(ticketParamKey('150')).toBe('150');
    expect(ticketParamKey('../admin')).toBeNull();
    expect(ticketParamKey('')).toBeNull();
    expect(ticketParamDisplay('<script>alert(1)</script>-very-long')).toBe('<script>alert(1)</sc…');
    expect(notAuthorisedMessage('T-6632')).toBe('Ticket T-6632 non autorisé ou introuvable');
    expect(ticketMatchesKey(fullTicket({ id: 5, ticket_number: 'T-6605' }), 'T-6605')).toBe(true);
    expect(ticketMatchesKey(fullTicket({ id: 5, ticket_number: 'T-6605' }), '5')).toBe(true);
  });

  it('opens a ticket from the address only when the full view names the user’s customer id', () => {
    const detail = ticketDetail();
    expect(ownedTicket(detail, CUSTOMER_ID)).toBe(detail);
    expect(ownedTicket({ ...detail, customerId: 99 }, CUSTOMER_ID)).toBeNull();
    const { customerId: _id, ...publicView } = detail;
    expect(ownedTicket(publicView as never, CUSTOMER_ID)).toBeNull();
    expect(ownedTicket(detail, null)).toBeNull();
    expect(ownedTicket(undefined, CUSTOMER_ID)).toBeNull();
  });

  it('colours the account list by spec 1 §4: repaired green, waiting or in progress yellow, others grey', () => {
    expect(ticketStatusView('Repaired')).toEqual({ label: 'Réparé', colour: 'green' });
    expect(ticketStatusView('Réparé')).toEqual({ label: 'Réparé', colour: 'green' });
    expect(ticketStatusView('Waiting for parts')).toEqual({ label: 'En attente de pièces', colour: 'yellow' });
    expect(ticketStatusView('In Progress')).toEqual({ label: 'En cours de réparation', colour: 'yellow' });
    expect(ticketStatusView('Completed')).toEqual({ label: 'Terminé', colour: 'grey' });
    expect(ticketStatusView('')).toEqual({ label: 'En attente', colour: 'yellow' });
    expect(ticketStatusView('Statut maison')).toEqual({ label: 'Statut maison', colour: 'grey' });
  });

  it('says what went wrong with the list (spec 1 §8)', () => {
    expect(ticketErrorMessage(new ApiError(0, NETWORK_ERROR_MESSAGE))).toBe(NETWORK_ERROR_MESSAGE);
    expect(ticketErrorMessage(new ApiError(200, UNAVAILABLE_MESSAGE))).toBe(UNAVAILABLE_MESSAGE);
    expect(ticketErrorMessage(new ApiError(500, 'Boom'))).toBe('Erreur lors de la récupération des tickets');
  });
});

describe('invoices', () => {
  it('labels the four statuses in French and shows others raw (spec 1 §4)', () => {
    expect(['Paid', 'Unpaid', 'Partial', 'Refunded', 'Draft'].map(invoiceStatusLabel)).toEqual(['Payée', 'Impayée', 'Partiel', 'Remboursée', 'Draft']);
    expect(invoiceStatusLabel('paid')).toBe('Payée');
    expect(['Paid', 'Unpaid', 'Partial', 'Refunded'].map(invoiceStatusTone)).toEqual(['green', 'red', 'orange', 'grey']);
  });

  it('searches the number, the customer’s name and the item names (spec 1 §5)', () => {
    const a = invoice({ id: 1 });
    const b = invoice({ id: 2, customer: { ...a.customer, fullName: 'Océane Bordes' }, line_items: [{ name: 'Remplacement batterie – Galaxy', sku: '', quantity: 1, price: 89, tax: 14.83, total: 89 }] });
    expect(searchInvoices([a, b], 'F-2026-00002')).toEqual([b]);
    expect(searchInvoices([a, b], 'oceane')).toEqual([b]);
    expect(searchInvoices([a, b], 'macbook')).toEqual([a]);
    expect(searchInvoices([a, b], 'batterie')).toEqual([b]);
  });

  it('filters by status and sorts newest first', () => {
    const paid = invoice({ id: 1, status: 'Paid', created_at: '2026-10-01T10:00:00Z' });
    const unpaid = invoice({ id: 2, status: 'Unpaid', created_at: '2026-11-01T10:00:00Z' });
    expect(filterInvoicesByStatus([paid, unpaid], 'Unpaid')).toEqual([unpaid]);
    expect(filterInvoicesByStatus([paid, unpaid], '')).toEqual([paid, unpaid]);
    expect(sortInvoices([paid, unpaid]).map((item) => item.id)).toEqual([2, 1]);
  });

  it('has the spec’s messages for timeout, network, API errors and a missing invoice (spec 1 §8)', () => {
    expect(invoiceListErrorMessage(new RequestTimeoutError(10_000))).toBe('Le chargement des factures a pris trop de temps. Veuillez réessayer.');
    expect(invoiceListErrorMessage(new ApiError(0, NETWORK_ERROR_MESSAGE))).toBe('Problème de connexion au serveur. Vérifiez votre connexion internet.');
    expect(invoiceListErrorMessage(new ApiError(500, 'Une erreur interne est survenue.'))).toBe('Erreur API: Une erreur interne est survenue.');
    expect(invoiceListErrorMessage(new TypeError('Failed to fetch: CORS policy'))).toBe('Problème de sécurité avec l’API. Contactez le support.');
    expect(invoiceDetailErrorMessage(new ApiError(404, 'Facture introuvable'))).toBe(
      "Cette facture n'a pas pu être trouvée. Elle pourrait avoir été supprimée ou archivée.",
    );
    expect(invoiceDetailErrorMessage(new RequestTimeoutError(10_000))).toMatch(/trop de temps/);
  });
});

describe('orders', () => {
  it('labels the statuses of spec 1 §4', () => {
    const cases: [string, string][] = [
      ['completed', 'Livrée'],
      ['delivered', 'Livrée'],
      ['processing', 'En cours'],
      ['confirmed', 'En cours'],
      ['shipped', 'Expédiée'],
      ['pending', 'En attente'],
      ['awaiting-payment', 'En attente'],
      ['pending-payment', 'En attente'],
      ['cancelled', 'Annulée'],
      ['canceled', 'Annulée'],
      ['refunded', 'Remboursée'],
      // The shop's own statuses: waiting for a bank transfer, a failed payment.
      ['on-hold', 'En attente'],
      ['failed', 'Annulée'],
      ['checkout-draft', 'checkout-draft'],
    ];
    for (const [status, label] of cases) expect(orderStatusLabel(status), status).toBe(label);
    expect(orderStatusGroup('Completed')).toBe('delivered');
  });

  it('searches the order number, an item and the billing first or last name (spec 1 §5)', () => {
    const a = shopOrder();
    const b = shopOrder({ id: 2, order_number: 'CMD-7000', billing: { ...a.billing, first_name: 'Théo', last_name: 'Bonnet' }, line_items: [{ name: 'Chargeur 20 W', sku: '', quantity: 1, price: 19, total: 19, image_url: '' }] });
    expect(searchOrders([a, b], '7000')).toEqual([b]);
    expect(searchOrders([a, b], 'theo')).toEqual([b]);
    expect(searchOrders([a, b], 'bonnet')).toEqual([b]);
    expect(searchOrders([a, b], 'galaxy')).toEqual([a]);
    expect(searchOrders([a, b], 'arcachon')).toEqual([]);
  });

  it('filters by status group', () => {
    const done = shopOrder({ id: 1, status: 'completed' });
    const open = shopOrder({ id: 2, status: 'processing' });
    expect(filterOrdersByStatus([done, open], 'delivered')).toEqual([done]);
    expect(filterOrdersByStatus([done, open], '')).toEqual([done, open]);
  });

  it('totals by the lines’ rates as the invoice does (issue 22 §1), the margin scheme’s mention with them', () => {
    const plain = (rows: { label: string; cents: number }[]) => rows.map((row) => [row.label.replace(/[\u00a0\u202f]/g, ' '), row.cents]);
    const mixed = shopOrder({
      line_items: [
        { name: 'Samsung Galaxy S23 reconditionné', sku: 'SGS23-R', quantity: 1, price: 1199.5, total: 1199.5, image_url: '', vat_rate: 'margin' },
        { name: 'Coque silicone « Bassin »', sku: 'COQ-BAS', quantity: 1, price: 35, total: 35, image_url: '', vat_rate: '20' },
      ],
      shipping_lines: [{ method_title: 'Retrait en boutique', total: 0 }],
      coupon_lines: [],
      loyalty_discount: 0,
    });
    // 20 % on the case only (35 € = 29,17 € + 5,83 €); the phone counts whole, no VAT shown.
    expect(plain(orderTotals(mixed, 'standard'))).toEqual([
      ['Total HT', 2917],
      ['TVA 20 %', 583],
      ['Biens d’occasion (TVA sur la marge)', 119950],
      ['Total TTC', 123450],
    ]);
    expect(orderMentions(mixed, 'standard')).toEqual([MARGIN_SCHEME_MENTION]);
    expect(orderTotals(mixed, 'franchise')).toEqual([{ label: 'Total (TVA non applicable)', cents: 123450, strong: true }]);
    expect(orderMentions(mixed, 'franchise')).toEqual([]);
    // An answer without its shipping and reductions: the whole total at 20 %, as before.
    expect(plain(orderTotals(shopOrder(), 'standard'))).toEqual([
      ['Total HT', 102875],
      ['TVA 20 %', 20575],
      ['Total TTC', 123450],
    ]);
    expect(orderMentions(shopOrder(), 'standard')).toEqual([]);
  });
});

describe('profile', () => {
  it('requires first name, last name and e-mail with French messages', () => {
    const values = { ...profileToForm(profile().profile), first_name: ' ', last_name: '', email: '' };
    const result = validateProfile(values);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toEqual({ first_name: 'Le prénom est requis', last_name: 'Le nom est requis', email: 'L’adresse e-mail est requise' });
    }
  });

  it('refuses a malformed e-mail, phone or postal code', () => {
    const values = { ...profileToForm(profile().profile), email: 'pas-une-adresse', mobile: 'abc', postcode: '33@70' };
    const result = validateProfile(values);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.email).toBe('Adresse e-mail invalide');
      expect(result.errors.mobile).toBe('Numéro de téléphone invalide');
      expect(result.errors.postcode).toBe('Code postal invalide');
    }
  });

  it('accepts a valid form; the country defaults to France', () => {
    const form = profileToForm(profile({ country: '' }).profile);
    expect(form.country).toBe('France');
    expect(validateProfile(form)).toEqual({ ok: true, body: form });
  });
});
