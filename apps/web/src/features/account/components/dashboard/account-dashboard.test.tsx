import { accountMessages } from '@erepare/shared/schemas/account';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fullTicket, invoice, jsonResponse, profile, sessionUser, shopOrder, ticketDetail } from './test/fixtures';
import { on, renderDashboard, stubApi, type Route } from './test/render';

// Typing into a 16-field form re-renders it per key: generous limits for a loaded machine.
vi.setConfig({ testTimeout: 20_000 });

/** The server's PDF answer (it draws every document): bytes, type and file name. */
const pdfAnswer = (fileName: string) => () =>
  new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
    status: 200,
    headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${fileName}"` },
  });

/** What the browser was asked to save: each click on a download link, with its file name. */
function watchDownloads() {
  const saved: string[] = [];
  vi.stubGlobal('URL', Object.assign(globalThis.URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ticketA = fullTicket({ id: 1, created_at: '2026-11-10T09:30:00.000Z' });
const ticketB = fullTicket({
  id: 2,
  status: 'Repaired',
  created_at: '2026-11-01T09:30:00.000Z',
  device_name: 'Galaxy S21',
  devices: [{ ...ticketA.devices[0]!, device_name: 'Galaxy S21', device_brand: 'Samsung', imei: '', serial: '', status: 'Repaired', price: 89 }],
});
const detailA = ticketDetail({ ...ticketA });

const baseRoutes: Route[] = [
  on('GET', '/api/account/profile', () => jsonResponse({ success: true, message: 'ok', data: profile() })),
  on('GET', '/api/repairdesk/customers/12/tickets', () => jsonResponse(envelope([ticketA, ticketB]))),
  on('GET', '/api/repairdesk/tickets/T-6601', () => jsonResponse(envelope(detailA))),
  on('GET', '/api/repairdesk/invoices', ({ url }) => {
    const all = [invoice({ id: 1, status: 'Partial' }), invoice({ id: 2, status: 'Paid', created_at: '2026-10-01T10:00:00Z' })];
    const status = url.searchParams.get('status');
    return jsonResponse(envelope(status ? all.filter((item) => item.status === status) : all));
  }),
  on('GET', '/api/repairdesk/tickets/1/pdf', pdfAnswer('ticket-T-6601-2026-11-28.pdf')),
  on('GET', '/api/repairdesk/invoices/1/pdf', pdfAnswer('facture-F-2026-00001.pdf')),
  on('GET', /^\/api\/shop\/orders\/\d+\/pdf$/, pdfAnswer('commande-CMD-5012.pdf')),
  on('GET', /^\/api\/repairdesk\/invoices\/\d+$/, ({ url }) => jsonResponse(envelope(invoice({ id: Number(url.pathname.split('/').pop()) })))),
];

describe('AccountDashboard', () => {
  it('greets, shows the E.repare badge and the loyalty balance, and lists the user’s tickets by default', async () => {
    stubApi(...baseRoutes);
    renderDashboard(sessionUser());
    expect(screen.getByRole('heading', { name: 'Bonjour Hélène' })).toBeInTheDocument();
    expect(screen.getByText(/compte lié à votre fiche client/)).toBeInTheDocument();
    expect(await screen.findByText(/Cagnotte fidélité/)).toHaveTextContent('12,50 €');
    expect(screen.getByRole('tab', { name: 'Mes tickets' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Mes tickets de réparation' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^T-/).textContent)).toEqual(['T-6601', 'T-6602']);
    expect(within(items[0]!).getByText('En cours de réparation').closest('[data-colour]')).toHaveAttribute('data-colour', 'yellow');
    expect(within(items[1]!).getByText('Réparé').closest('[data-colour]')).toHaveAttribute('data-colour', 'green');
    expect(screen.getByText('Pour votre sécurité, seuls vos propres tickets sont affichés.')).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys and keeps the tab in the address', async () => {
    stubApi(...baseRoutes);
    const user = userEvent.setup();
    const { search } = renderDashboard(sessionUser(), '/compte?tab=invoices');
    const invoicesTab = screen.getByRole('tab', { name: 'Mes factures' });
    expect(invoicesTab).toHaveAttribute('aria-selected', 'true');
    expect(invoicesTab).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Mes tickets' })).toHaveAttribute('tabindex', '-1');
    invoicesTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Mon profil' })).toHaveFocus();
    expect(search().get('tab')).toBe('profile');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Mes tickets' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(search().get('tab')).toBe('notifications');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Notifications');
    expect(screen.getByText('Bientôt disponible')).toBeInTheDocument();
  });

  it('« Mes rendez-vous » comes right after « Mes tickets » (where « Mes devis » is); ?tab=bookings opens it', async () => {
    stubApi(...baseRoutes);
    const user = userEvent.setup();
    const { search } = renderDashboard(sessionUser());
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Mes tickets', 'Mes rendez-vous', 'Mes commandes', 'Mes factures', 'Mon profil', 'Notifications']);
    screen.getByRole('tab', { name: 'Mes tickets' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(search().get('tab')).toBe('bookings');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Mes rendez-vous');
    // Without the bookings feature in the slot (this feature's own tests): the way to book.
    expect(within(screen.getByRole('tabpanel')).getByRole('link', { name: 'Prendre rendez-vous' })).toHaveAttribute('href', '/rendez-vous');
  });

  it('searches the tickets and says when nothing matches', async () => {
    stubApi(...baseRoutes);
    const user = userEvent.setup();
    renderDashboard(sessionUser());
    const list = await screen.findByRole('list', { name: 'Mes tickets de réparation' });
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un ticket' }), 'samsung');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un ticket' }), ' introuvable');
    expect(screen.getByText('Aucun ticket trouvé avec ces critères')).toBeInTheDocument();
  });

  it('opens a ticket in a labelled dialog with devices and history, closes on Escape, and exports the PDF', async () => {
    const saved = watchDownloads();
    stubApi(...baseRoutes);
    const user = userEvent.setup();
    const { search } = renderDashboard(sessionUser());
    const list = await screen.findByRole('list', { name: 'Mes tickets de réparation' });
    const opener = within(list).getAllByRole('button')[0]!;
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Ticket T-6601' });
    expect(search().get('ticket')).toBe('T-6601');
    expect(within(dialog).getByText('356789104563217')).toBeInTheDocument();
    expect(within(dialog).getByText('F2LXK0PQ0D52')).toBeInTheDocument();
    expect(await within(dialog).findByText('Ticket enregistré')).toBeInTheDocument();
    expect(within(dialog).getByText(/Précédemment : En attente d'inspection/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Télécharger le PDF' }));
    await waitFor(() => expect(saved).toEqual(['ticket-T-6601-2026-11-28.pdf']));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(search().get('ticket')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab inside the dialog', async () => {
    stubApi(...baseRoutes);
    const user = userEvent.setup();
    renderDashboard(sessionUser(), '/compte?ticket=T-6601');
    const dialog = await screen.findByRole('dialog', { name: 'Ticket T-6601' });
    for (let index = 0; index < 6; index += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('says when the PDF cannot be made', async () => {
    stubApi(on('GET', '/api/repairdesk/tickets/1/pdf', () => jsonResponse({ success: false, message: 'Erreur interne du serveur', statusCode: 500 }, 500)), ...baseRoutes);
    const user = userEvent.setup();
    renderDashboard(sessionUser(), '/compte?ticket=6601');
    const dialog = await screen.findByRole('dialog', { name: 'Ticket T-6601' });
    await user.click(within(dialog).getByRole('button', { name: 'Télécharger le PDF' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Erreur lors de la génération du PDF. Veuillez réessayer.');
  });

  it('refuses /compte?ticket= for a ticket that is not the user’s (public view) or unknown', async () => {
    const { customerId: _customerId, first_name: _f, last_name: _l, email: _e, phone: _p, ...publicView } = ticketDetail({ id: 99, ticket_number: 'T-6699' });
    stubApi(
      on('GET', '/api/repairdesk/tickets/T-6699', () => jsonResponse(envelope({ ...publicView, customer_id: 44, customer_name: 'Client #44' }))),
      on('GET', '/api/repairdesk/tickets/T-7000', () => jsonResponse({ success: false, message: 'Ticket introuvable', statusCode: 404 }, 404)),
      ...baseRoutes,
    );
    const first = renderDashboard(sessionUser(), '/compte?ticket=T-6699');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ticket T-6699 non autorisé ou introuvable');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    renderDashboard(sessionUser(), '/compte?ticket=7000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ticket T-7000 non autorisé ou introuvable');
  });

  it('asks an unverified user to confirm the address, resends the link, and fetches no ticket', async () => {
    const calls = stubApi(
      on('POST', '/api/email-verification/resend', () => jsonResponse({ success: true, message: 'Un nouveau lien vient d’être envoyé.' })),
      ...baseRoutes,
    );
    const user = userEvent.setup();
    renderDashboard(sessionUser({ email_verified: false, repairdesk_customer_id: null }));
    expect(screen.getByText(/vos tickets de réparation et vos factures du magasin ne peuvent pas être affichés/)).toBeInTheDocument();
    expect(screen.getByText('Adresse e-mail à confirmer')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Renvoyer l’e-mail de vérification' }));
    expect(await screen.findByText('Un nouveau lien vient d’être envoyé.')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/email-verification/resend')?.body).toEqual({ email: 'helene.lacoste@exemple.fr' });
    expect(calls.some((call) => call.url.pathname.includes('/tickets'))).toBe(false);
  });

  it('refuses the ticket search without a linked customer (spec 1 §5) and offers to link', async () => {
    stubApi(...baseRoutes);
    renderDashboard(sessionUser({ repairdesk_customer_id: null }));
    expect(screen.getByText('Compte E.repare non lié - liez votre compte E.repare pour rechercher vos tickets')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lier mon compte E.repare' })).toBeInTheDocument();
    expect(screen.queryByText(/compte lié à votre fiche client/)).not.toBeInTheDocument();
  });
});

describe('invoices tab', () => {
  it('lists, filters by status, searches, opens a detail with totals and goes back', async () => {
    const saved = watchDownloads();
    const calls = stubApi(...baseRoutes);
    const user = userEvent.setup();
    renderDashboard(sessionUser(), '/compte?tab=invoices');
    const list = await screen.findByRole('list', { name: 'Mes factures' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Partiel')).toBeInTheDocument();
    expect(within(list).getByText('Payée')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'Payée');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Mes factures' })).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.some((call) => call.url.searchParams.get('status') === 'Paid')).toBe(true);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'Tous les statuts');

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher une facture' }), 'aucune correspondance');
    expect(await screen.findByText('Aucune facture trouvée')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher une facture' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher une facture' }), 'macbook');

    const opener = within(await screen.findByRole('list', { name: 'Mes factures' })).getAllByRole('button')[0]!;
    await user.click(opener);
    const heading = await screen.findByRole('heading', { name: 'Facture F-2026-00001' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('table', { name: 'Détail de la facture F-2026-00001' })).toHaveTextContent('MacBook Air M2 reconditionné');
    expect(screen.getByText('Total HT', { selector: 'dt' }).nextSibling).toHaveTextContent('1 040,41 €');
    expect(screen.getByText('TVA 20 %', { selector: 'dt' }).nextSibling).toHaveTextContent('208,09 €');
    // What the law wants on the screen too: the seller, the customer, each line's rate, dates and terms.
    expect(screen.getByRole('heading', { name: 'Vendeur' }).parentElement).toHaveTextContent(/SIRET/);
    expect(screen.getByRole('heading', { name: 'Facturé à' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Détail de la facture F-2026-00001' })).toHaveTextContent('20 %');
    expect(screen.getByText(/^Date de la vente ou de la prestation : /)).toBeInTheDocument();
    expect(screen.getByText(/^Échéance : .*Paiement comptant à réception de la facture/)).toBeInTheDocument();
    expect(screen.getByText('Reste à payer').nextSibling).toHaveTextContent('748,50 €');

    await user.click(screen.getByRole('button', { name: 'Télécharger la facture (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['facture-F-2026-00001.pdf']));

    await user.click(screen.getByRole('button', { name: 'Retour à mes factures' }));
    expect(await screen.findByRole('list', { name: 'Mes factures' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher une facture' })).toHaveValue('macbook');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Mes factures' })).getAllByRole('button')[0]).toHaveFocus());
  });

  it('names a business customer with its SIREN and VAT number in « Facturé à »', async () => {
    const business = invoice({ id: 1, customer: { ...invoice().customer, organisation: 'Lacoste Conseil SARL', siren: '443061841', vatNumber: 'FR64443061841' } });
    stubApi(on('GET', '/api/repairdesk/invoices/1', () => jsonResponse(envelope(business))), ...baseRoutes);
    const user = userEvent.setup();
    renderDashboard(sessionUser(), '/compte?tab=invoices');
    const list = await screen.findByRole('list', { name: 'Mes factures' });
    await user.click(within(list).getAllByRole('button')[0]!);
    await screen.findByRole('heading', { name: 'Facture F-2026-00001' });
    const block = screen.getByRole('heading', { name: 'Facturé à' }).parentElement!;
    const lines = Array.from(block.querySelectorAll('address > span'), (line) => line.textContent);
    expect(lines.slice(0, 4)).toEqual(['Lacoste Conseil SARL', 'SIREN 443061841', 'N° TVA intracommunautaire : FR64443061841', 'Hélène Lacoste']);
    // A business customer: the late-payment terms.
    expect(screen.getByText(/indemnité forfaitaire pour frais de recouvrement de 40/)).toBeInTheDocument();
  });

  it('shows "Erreur API: …" with a retry button that asks again', async () => {
    let fail = true;
    stubApi(
      on('GET', '/api/repairdesk/invoices', () =>
        fail ? jsonResponse({ success: false, message: 'Une erreur interne est survenue.', statusCode: 500 }, 500) : jsonResponse(envelope([invoice()])),
      ),
      ...baseRoutes,
    );
    const user = userEvent.setup();
    renderDashboard(sessionUser(), '/compte?tab=invoices');
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur API: Une erreur interne est survenue.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('list', { name: 'Mes factures' })).toBeInTheDocument();
  });

  it('says a missing invoice may have been deleted or archived', async () => {
    stubApi(on('GET', '/api/repairdesk/invoices/1', () => jsonResponse({ success: false, message: 'Facture introuvable', statusCode: 404 }, 404)), ...baseRoutes);
    const user = userEvent.setup();
    renderDashboard(sessionUser(), '/compte?tab=invoices');
    const list = await screen.findByRole('list', { name: 'Mes factures' });
    await user.click(within(list).getAllByRole('button')[0]!);
    expect(await screen.findByRole('alert')).toHaveTextContent("Cette facture n'a pas pu être trouvée. Elle pourrait avoir été supprimée ou archivée.");
  });
});

describe('orders tab', () => {
  it('shows "Aucune commande trouvée" with a link to the shop when the list fails (endpoint not there yet)', async () => {
    stubApi(...baseRoutes);
    renderDashboard(sessionUser(), '/compte?tab=orders');
    expect(await screen.findByText('Aucune commande trouvée')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Découvrir la boutique' })).toHaveAttribute('href', '/boutique');
  });

  it('lists orders with French statuses, searches them and opens a detail with billing, shipping and totals', async () => {
    const saved = watchDownloads();
    stubApi(on('GET', '/api/shop/orders', () => jsonResponse(envelope([shopOrder(), shopOrder({ id: 2, order_number: 'CMD-2', status: 'completed', billing: { ...shopOrder().billing, last_name: 'Bonnet' } })]))), ...baseRoutes);
    const user = userEvent.setup();
    renderDashboard(sessionUser(), '/compte?tab=orders');
    const list = await screen.findByRole('list', { name: 'Mes commandes' });
    expect(within(list).getByText('En cours')).toBeInTheDocument();
    expect(within(list).getByText('Livrée')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher une commande' }), 'bonnet');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher une commande' }));
    await user.click(within(list).getByRole('button', { name: /CMD-5012/ }));
    expect(await screen.findByRole('heading', { name: 'Commande N° CMD-5012' })).toHaveFocus();
    expect(screen.getByText('3 allée des Mimosas')).toBeInTheDocument();
    expect(screen.getByText('Total TTC', { selector: 'dt' }).nextSibling).toHaveTextContent('1 234,50 €');
    await user.click(screen.getByRole('button', { name: 'Télécharger la commande (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['commande-CMD-5012.pdf']));
    await user.click(screen.getByRole('button', { name: 'Retour à mes commandes' }));
    expect(await screen.findByRole('list', { name: 'Mes commandes' })).toBeInTheDocument();
  });

  it('a paid order shows its invoice’s number and downloads the invoice; an unpaid one its summary', async () => {
    const saved = watchDownloads();
    const paid = shopOrder({ id: 5013, order_number: 'CMD-5013', invoice_number: 'FB-2026-000012', date_invoiced: '2026-11-16T09:00:00.000Z' });
    stubApi(
      on('GET', '/api/shop/orders', () => jsonResponse(envelope([paid, shopOrder()]))),
      on('GET', '/api/shop/orders/5013/pdf', pdfAnswer('facture-FB-2026-000012.pdf')),
      ...baseRoutes,
    );
    const user = userEvent.setup();
    renderDashboard(sessionUser(), '/compte?tab=orders');
    const list = await screen.findByRole('list', { name: 'Mes commandes' });
    expect(within(list).getByRole('button', { name: /CMD-5013/ }).closest('li')).toHaveTextContent('facture FB-2026-000012');
    await user.click(within(list).getByRole('button', { name: /CMD-5013/ }));
    await screen.findByRole('heading', { name: 'Commande N° CMD-5013' });
    expect(screen.getByText('Facture', { selector: 'dt' }).nextSibling).toHaveTextContent('FB-2026-000012 du 16/11/2026');
    expect(screen.queryByRole('button', { name: 'Télécharger la commande (PDF)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Télécharger la facture (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['facture-FB-2026-000012.pdf']));

    await user.click(screen.getByRole('button', { name: 'Retour à mes commandes' }));
    await user.click(within(await screen.findByRole('list', { name: 'Mes commandes' })).getByRole('button', { name: /CMD-5012/ }));
    await screen.findByRole('heading', { name: 'Commande N° CMD-5012' });
    expect(screen.queryByText('Facture', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger la commande (PDF)' })).toBeInTheDocument();
  });

  it('a refunded order lists its credit notes (number, date, amount) and downloads each avoir the server draws', async () => {
    const saved = watchDownloads();
    const refunded = shopOrder({
      id: 5014,
      order_number: 'CMD-5014',
      status: 'refunded',
      invoice_number: 'FB-2026-000013',
      date_invoiced: '2026-11-16T09:00:00.000Z',
      credit_notes: [
        { number: 'AB-2026-000004', date: '2026-11-18T10:00:00.000Z', amount: 10 },
        { number: 'AB-2026-000005', date: '2026-11-20T10:00:00.000Z', amount: 1224.5 },
      ],
    });
    const calls = stubApi(
      on('GET', '/api/shop/orders', () => jsonResponse(envelope([refunded, shopOrder()]))),
      on('GET', /^\/api\/shop\/orders\/5014\/credit-notes\/AB-2026-00000[45]\/pdf$/, ({ url }) => pdfAnswer(`avoir-${url.pathname.split('/')[6] ?? ''}.pdf`)()),
      ...baseRoutes,
    );
    const user = userEvent.setup();
    renderDashboard(sessionUser(), '/compte?tab=orders');
    await user.click(within(await screen.findByRole('list', { name: 'Mes commandes' })).getByRole('button', { name: /CMD-5014/ }));
    await screen.findByRole('heading', { name: 'Commande N° CMD-5014' });
    const notes = screen.getByRole('region', { name: 'Avoirs' });
    const items = within(notes).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    // French typography kept: no-break space before « : » and « € », narrow one between thousands.
    // (textContent itself: toHaveTextContent turns no-break spaces into plain ones.)
    expect(items[0]?.textContent).toMatch(/^Avoir AB-2026-000004 du 18\/11\/2026\u00a0: 10,00\u00a0€ remboursés/);
    expect(items[1]?.textContent).toMatch(/^Avoir AB-2026-000005 du 20\/11\/2026\u00a0: 1\u202f224,50\u00a0€ remboursés/);
    const second = within(items[1]!).getByRole('button', { name: 'Télécharger l’avoir AB-2026-000005' });
    expect(second).toHaveTextContent('Télécharger l’avoir');
    await user.click(second);
    await waitFor(() => expect(saved).toEqual(['avoir-AB-2026-000005.pdf']));
    expect(calls.some((call) => call.url.pathname === '/api/shop/orders/5014/credit-notes/AB-2026-000005/pdf')).toBe(true);
    // The invoice stays downloadable: the credit notes do not replace it.
    expect(screen.getByRole('button', { name: 'Télécharger la facture (PDF)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retour à mes commandes' }));
    await user.click(within(await screen.findByRole('list', { name: 'Mes commandes' })).getByRole('button', { name: /CMD-5012/ }));
    await screen.findByRole('heading', { name: 'Commande N° CMD-5012' });
    expect(screen.queryByRole('region', { name: 'Avoirs' })).not.toBeInTheDocument();
  });
});

describe('profile tab', () => {
  it('is read-only, then Modifier; required fields; save shows "Profil enregistré"; cancel drops the changes', async () => {
    const calls = stubApi(
      on('PUT', '/api/account/profile', ({ body }) => {
        const sent = body as Record<string, unknown>;
        const saved = { ...sent, email_opt_in: sent.email_opt_in ? 1 : 0, sms_opt_in: sent.sms_opt_in ? 1 : 0 };
        return jsonResponse({ success: true, message: 'Profil enregistré', data: profile(saved as never), verificationSent: false });
      }),
      ...baseRoutes,
    );
    const user = userEvent.setup();
    renderDashboard(sessionUser(), '/compte?tab=profile');
    expect(await screen.findByText('Gujan-Mestras')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    const first = screen.getByRole('textbox', { name: 'Prénom *' });
    expect(first).toHaveFocus();
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText('Le prénom est requis')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveFocus();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(first, 'Hélène');
    await user.clear(screen.getByRole('textbox', { name: 'Ville' }));
    await user.type(screen.getByRole('textbox', { name: 'Ville' }), 'Arcachon');
    await user.click(screen.getByRole('checkbox', { name: 'Recevoir les offres et actualités par e-mail' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Profil enregistré')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ first_name: 'Hélène', city: 'Arcachon', email_opt_in: true, sms_opt_in: false, country: 'France' });
    expect(screen.getByText('Arcachon')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifier' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    await user.clear(screen.getByRole('textbox', { name: 'Ville' }));
    await user.type(screen.getByRole('textbox', { name: 'Ville' }), 'Ailleurs');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.getByText('Arcachon')).toBeInTheDocument();
    expect(screen.queryByText('Ailleurs')).not.toBeInTheDocument();
  });

  it('a new e-mail address asks for the current password, then says where the link went; the address waits for its proof', async () => {
    const calls = stubApi(
      on('PUT', '/api/account/profile', ({ body }) => {
        const sent = body as Record<string, unknown>;
        const saved = profile({ email: 'helene.lacoste@exemple.fr' });
        return jsonResponse({ success: true, message: 'ok', data: { ...saved, pending_email: sent.email }, verificationSent: true });
      }),
      ...baseRoutes,
    );
    const user = userEvent.setup();
    renderDashboard(sessionUser(), '/compte?tab=profile');
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    expect(screen.queryByLabelText('Mot de passe actuel *')).not.toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'Adresse e-mail *' });
    await user.clear(email);
    await user.type(email, 'helene.nouvelle@exemple.fr');
    const password = screen.getByLabelText('Mot de passe actuel *');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText(accountMessages.currentPasswordRequired)).toBeInTheDocument();
    expect(password).toHaveFocus();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.type(password, 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/Un lien de confirmation a été envoyé à helene\.nouvelle@exemple\.fr/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ email: 'helene.nouvelle@exemple.fr', current_password: 'Secret-123' });
    expect(screen.getByTestId('pending-email')).toHaveTextContent('helene.nouvelle@exemple.fr');
  });

  it('shows "Erreur lors de la sauvegarde" when the save fails on the server', async () => {
    stubApi(on('PUT', '/api/account/profile', () => jsonResponse({ success: false, message: 'Erreur interne', statusCode: 500 }, 500)), ...baseRoutes);
    const user = userEvent.setup();
    renderDashboard(sessionUser(), '/compte?tab=profile');
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors de la sauvegarde');
  });

  it('shows the not-linked message when syncing an unlinked account', async () => {
    stubApi(
      on('POST', '/api/account/sync-to-store', () =>
        jsonResponse({ success: false, message: 'Votre compte n’est pas encore lié à une fiche client du magasin.', statusCode: 409 }, 409),
      ),
      ...baseRoutes,
    );
    const user = userEvent.setup();
    renderDashboard(sessionUser({ repairdesk_customer_id: null }), '/compte?tab=profile');
    await user.click(await screen.findByRole('button', { name: 'Synchroniser avec le magasin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Votre compte n’est pas encore lié à une fiche client du magasin.');
  });

  it('offers the RGPD export and asks the password before deleting the account', async () => {
    const calls = stubApi(
      on('DELETE', '/api/account', ({ body }) =>
        (body as { password: string }).password === 'bon-mot-de-passe'
          ? jsonResponse({ success: true, message: 'Votre compte a été supprimé.' })
          : jsonResponse({ success: false, message: 'Mot de passe incorrect', statusCode: 401 }, 401),
      ),
      on('POST', '/api/auth/logout', () => jsonResponse({ success: true, message: 'Déconnexion réussie' })),
      ...baseRoutes,
    );
    const user = userEvent.setup();
    renderDashboard(sessionUser(), '/compte?tab=profile');
    expect(await screen.findByRole('link', { name: 'Télécharger mes données' })).toHaveAttribute('href', '/api/account/export');
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer mon compte' });
    const password = within(dialog).getByLabelText('Mot de passe');
    expect(password).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect(within(dialog).getByText('Le mot de passe est requis')).toBeInTheDocument();
    await user.type(password, 'mauvais');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect(await within(dialog).findByText('Mot de passe incorrect')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'bon-mot-de-passe');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect(await within(dialog).findByText('Votre compte a été supprimé.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Terminer' }));
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/auth/logout')).toBe(true));
  });
});
