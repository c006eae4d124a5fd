/**
 * The PDFs of the account (issue 22 §1), drawn by the server: the invoice carries every mention a
 * French accountant checks, the fonts are embedded (é, œ, ’, €, « » print and copy as themselves),
 * the file is tagged and valid (qpdf --check, pdffonts), and the one access rule decides who gets it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidTaggedPdf, pdfText, savePdf } from '../../test/pdf-checks.js';
import { defaultStoreProfile, type StoreProfile } from '@erepare/shared/store-profile';
import type { Order } from '@erepare/shared/schemas/shop';
import { coupons, customers, invoiceLines, invoices, inventoryItems, storeProfileTable, ticketDevices, tickets } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';

let t: TestApp;
let dir: string;
type Headers = { authorization: string };
let owner: Headers;
let other: Headers;
let unverified: Headers;
let staff: Headers;
const ids = { invoice: 0, ticket: '' };

const shop: StoreProfile = {
  ...defaultStoreProfile,
  legalName: 'Réparations Œdipe SARL',
  siret: '732 829 320 00074',
  company: { ...defaultStoreProfile.company, legalForm: 'SARL', shareCapital: '5 000 €', rcsCity: 'Bordeaux', vatNumber: 'FR44 732829320' },
  invoicing: { paymentTerms: 'Paiement à 30 jours date de facture. Pas d’escompte pour paiement anticipé.', latePenaltyRate: 'trois fois le taux d’intérêt légal' },
};

/** A command line tool the test needs (npm test installs them on Debian). */

async function pdfOf(url: string, headers: Partial<Headers> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return response;
}

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erepare-pdf-'));
  const db = t.database.db;
  await db.insert(storeProfileTable).values({ id: 1, profile: shop }).onConflictDoUpdate({ target: storeProfileTable.id, set: { profile: shop } });
  const [a, b] = await db
    .insert(customers)
    .values([
      {
        firstName: 'Zoé',
        lastName: 'L’Hôte-Cœur',
        email: 'zoe.pdf@exemple.fr',
        mobile: '0611223344',
        address1: '3 impasse des Œillets',
        city: 'La Teste-de-Buch',
        postcode: '33260',
        country: 'France',
        organization: 'Atelier « Cœur » SAS',
        siren: '443061841',
        vatNumber: 'FR64443061841',
      },
      { firstName: 'Autre', lastName: 'Client', email: 'autre.pdf@exemple.fr' },
    ])
    .returning();
  const customerId = a?.id ?? 0;
  const [ticket] = await db.insert(tickets).values({ ticketNumber: 'T-990001', customerId, status: 'Repaired', totalCents: 12000 }).returning();
  ids.ticket = ticket?.ticketNumber ?? '';
  await db.insert(ticketDevices).values({ ticketId: ticket?.id ?? 0, category: 'Téléphone', brand: 'Apple', name: 'iPhone 13', model: 'A2633', fault: 'Écran « cassé »', status: 'Repaired', priceCents: 12000 });
  const [invoice] = await db
    .insert(invoices)
    .values({ invoiceNumber: 'F-2026-09001', customerId, ticketId: ticket?.id ?? null, status: 'Partial', subtotalCents: 0, taxCents: 0, totalCents: 42000, amountPaidCents: 10000 })
    .returning();
  ids.invoice = invoice?.id ?? 0;
  await db.insert(invoiceLines).values([
    { invoiceId: ids.invoice, name: 'Écran OLED – pose « express »', sku: 'ECR-13', quantity: 1, unitPriceCents: 12000, taxCents: 2000, totalCents: 12000 },
    { invoiceId: ids.invoice, name: 'iPhone 12 reconditionné', sku: 'IP12-R', quantity: 1, unitPriceCents: 30000, taxCents: 0, totalCents: 30000, vatRate: 'margin' },
  ]);
  owner = (await signedInUser(t.app, db, { email: 'zoe.compte@exemple.fr', repairCustomerId: customerId })).headers;
  other = (await signedInUser(t.app, db, { email: 'autre.compte@exemple.fr', repairCustomerId: b?.id ?? 0 })).headers;
  unverified = (await signedInUser(t.app, db, { email: 'zoe.nonverifiee@exemple.fr', repairCustomerId: customerId, verified: false })).headers;
  staff = (await signedInUser(t.app, db, { email: 'atelier.pdf@exemple.fr', role: 'admin' })).headers;
});

afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/repairdesk/invoices/:id/pdf', () => {
  it('gives the owner a valid, tagged PDF with embedded fonts and every mention of a French invoice', async () => {
    const response = await pdfOf(`/api/repairdesk/invoices/${ids.invoice}/pdf`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="facture-F-2026-09001.pdf"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const file = savePdf(dir, 'facture.pdf', response.rawPayload);
    expectValidTaggedPdf(file);
    const text = pdfText(file);
    // Seller: name, legal form and capital, address, SIREN/SIRET, RCS, VAT number.
    expect(text).toContain('Réparations Œdipe SARL');
    expect(text).toContain('SARL · capital social : 5 000 €');
    expect(text).toContain('1 avenue de l’Exemple, 33470 Gujan-Mestras');
    expect(text).toContain('SIREN 732829320 · SIRET 732 829 320 00074');
    expect(text).toContain('RCS Bordeaux');
    expect(text).toContain('N° TVA intracommunautaire : FR44 732829320');
    // Customer: organisation and its numbers, name and billing address.
    expect(text).toContain('Atelier « Cœur » SAS');
    expect(text).toMatch(/Atelier « Cœur » SAS\s+SIREN 443061841\s+N° TVA intracommunautaire : FR64443061841\s+Zoé L’Hôte-Cœur/);
    expect(text).toContain('Zoé L’Hôte-Cœur');
    expect(text).toContain('3 impasse des Œillets');
    expect(text).toContain('33260 La Teste-de-Buch');
    // Number, dates, lines excluding VAT with their rate.
    expect(text).toContain('N° F-2026-09001');
    expect(text).toMatch(/Date de la vente ou de la prestation : \d\d\/\d\d\/\d{4}/);
    expect(text).toContain('P.U. HT');
    expect(text).toContain('Écran OLED – pose « express »');
    expect(text).toMatch(/100,00 €\s+20 %/);
    expect(text).toContain('TVA sur la marge');
    // Totals: HT of the taxed lines, VAT per rate, margin goods, TTC, paid and due.
    expect(text).toMatch(/Total HT\s+100,00 €/);
    expect(text).toMatch(/TVA 20 %\s+20,00 €/);
    expect(text).toMatch(/Biens d’occasion \(TVA sur la marge\)\s+300,00 €/);
    expect(text).toMatch(/Total TTC\s+420,00 €/);
    expect(text).toMatch(/Reste à payer\s+320,00 €/);
    // Payment terms, the margin scheme, and the business customer's late-payment terms (lines wrap).
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Paiement à 30 jours date de facture. Pas d’escompte pour paiement anticipé.');
    expect(flat).toContain('Régime particulier : biens d’occasion (art. 297 A du CGI)');
    expect(flat).toContain('pénalités au taux de trois fois le taux d’intérêt légal');
    expect(flat).toContain('indemnité forfaitaire pour frais de recouvrement de 40 € (art. L441-10 et D441-5 du Code de commerce)');
    expect(text).toMatch(/Page 1 \/ 1/);
  });

  it('says « TVA non applicable, art. 293 B du CGI » and shows no VAT under the franchise', async () => {
    const franchise = { ...shop, vatRegime: 'franchise' as const };
    await t.database.db.update(storeProfileTable).set({ profile: franchise });
    try {
      const response = await pdfOf(`/api/repairdesk/invoices/${ids.invoice}/pdf`, owner);
      expect(response.statusCode).toBe(200);
      const text = pdfText(savePdf(dir, 'franchise.pdf', response.rawPayload));
      expect(text).toContain('TVA non applicable, art. 293 B du CGI');
      // The shop's VAT number goes (the customer's own stays: it identifies the customer).
      expect(text).not.toContain('N° TVA intracommunautaire : FR44');
      expect(text).not.toMatch(/TVA 20 %/);
      expect(text).toMatch(/Total à payer \(TVA non applicable\)\s+420,00 €/);
    } finally {
      await t.database.db.update(storeProfileTable).set({ profile: shop });
    }
  });

  it('answers 401 to a visitor and 404 to another customer or an unverified account, as the JSON route does', async () => {
    expect((await pdfOf(`/api/repairdesk/invoices/${ids.invoice}/pdf`)).statusCode).toBe(401);
    for (const headers of [other, unverified]) {
      const response = await pdfOf(`/api/repairdesk/invoices/${ids.invoice}/pdf`, headers);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json<{ message: string }>().message).toBe('Facture introuvable');
    }
    expect((await pdfOf('/api/repairdesk/invoices/abc/pdf', owner)).statusCode).toBe(400);
  });
});

describe('GET /api/repairdesk/tickets/:id/pdf', () => {
  it('gives the owner the repair sheet, and nobody else anything', async () => {
    const response = await pdfOf(`/api/repairdesk/tickets/${ids.ticket}/pdf`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="ticket-T-990001-\d{4}-\d\d-\d\d\.pdf"$/);
    const file = savePdf(dir, 'ticket.pdf', response.rawPayload);
    expectValidTaggedPdf(file);
    const text = pdfText(file);
    expect(text).toContain('Fiche de réparation');
    expect(text).toContain('Écran « cassé »');
    expect(text).toContain('seule la facture fait foi');
    expect((await pdfOf(`/api/repairdesk/tickets/${ids.ticket}/pdf`, other)).statusCode).toBe(404);
    expect((await pdfOf(`/api/repairdesk/tickets/${ids.ticket}/pdf`)).statusCode).toBe(404);
  });
});

describe('GET /api/shop/orders/:id/pdf', () => {
  it('gives the guest who holds the key the order summary, and a wrong key nothing', async () => {
    const [item] = await t.database.db
      .insert(inventoryItems)
      .values({ name: 'Câble « tressé » USB‑C', sku: 'PDF-CABLE', itemType: 'accessory', priceCents: 1990, quantity: 5, imageUrl: '/images/test.webp' })
      .returning({ id: inventoryItems.id });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/shop/orders',
      remoteAddress: '10.77.0.1',
      payload: {
        payment_method: 'bacs',
        billing: { first_name: 'Noé', last_name: 'Ç', email: 'noe.pdf@exemple.fr', phone: '0612345678', address_1: '1 rue de l’Église', city: 'Mios', postcode: '33380', country: 'FR' },
        line_items: [{ product_id: item?.id, quantity: 2 }],
        shipping_lines: [{ method_id: 'colissimo_no_sign' }],
        terms_accepted: true,
      },
    });
    expect(created.statusCode).toBe(201);
    const order = created.json<{ data: Order }>().data;
    const response = await pdfOf(`/api/shop/orders/${order.id}/pdf?key=${order.order_key}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="commande-${order.number}.pdf"`);
    const file = savePdf(dir, 'commande.pdf', response.rawPayload);
    expectValidTaggedPdf(file);
    const text = pdfText(file);
    expect(text).toContain('Câble « tressé » USB');
    expect(text).toContain('1 rue de l’Église');
    expect(text).toContain('ce document n’est pas une facture');
    // A transfer still awaited: the bank details and the reference, the order number.
    expect(text).toContain('Paiement par virement');
    expect(text).toContain(`Référence à indiquer : ${order.number}`);
    expect(text).toMatch(/Sous-total des articles\s+39,80 €/);
    expect((await pdfOf(`/api/shop/orders/${order.id}/pdf?key=faux`)).statusCode).toBe(404);
    expect((await pdfOf(`/api/shop/orders/${order.id}/pdf`, other)).statusCode).toBe(404);
  });
});

describe('GET /api/shop/orders/:id/pdf of a paid order', () => {
  it('is its invoice: FB number and date, buyer, lines excluding VAT, shipping and promo code, VAT, totals, when and how it was paid', async () => {
    const [item] = await t.database.db
      .insert(inventoryItems)
      .values({ name: 'Chargeur « rapide » 30 W', sku: 'PDF-CHARGEUR', itemType: 'accessory', priceCents: 2990, quantity: 5, imageUrl: '/images/test.webp' })
      .returning({ id: inventoryItems.id });
    await t.database.db.insert(coupons).values({ code: 'PDF-DIX', discountType: 'percent', amount: 1000 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/shop/orders',
      remoteAddress: '10.77.0.2',
      payload: {
        payment_method: 'bacs',
        billing: { first_name: 'Inès', last_name: 'Œuvray', company: 'Œuvray & Fils SARL', email: 'ines.pdf@exemple.fr', phone: '0612345678', address_1: '8 quai de l’Aiguillon', city: 'Arcachon', postcode: '33120', country: 'FR' },
        line_items: [{ product_id: item?.id, quantity: 2 }],
        shipping_lines: [{ method_id: 'colissimo_no_sign' }],
        coupon_lines: [{ code: 'PDF-DIX' }],
        terms_accepted: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<{ data: Order }>().data;
    const received = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/bank-transfer-received`, payload: {}, headers: staff });
    expect(received.statusCode, received.body).toBe(200);
    const view = (await t.app.inject({ method: 'GET', url: `/api/shop/orders/${order.id}?key=${order.order_key}` })).json<{ data: Order }>().data;
    const invoiceNumber = view.invoice_number ?? '';
    expect(invoiceNumber).toMatch(/^FB-\d{4}-\d{6}$/);

    const response = await pdfOf(`/api/shop/orders/${order.id}/pdf?key=${order.order_key}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="facture-${invoiceNumber}.pdf"`);
    const file = savePdf(dir, 'facture-commande.pdf', response.rawPayload);
    expectValidTaggedPdf(file);
    const text = pdfText(file);
    const flat = text.replace(/\s+/g, ' ');
    expect(text).toContain('Facture');
    expect(text).toContain(`N° ${invoiceNumber}`);
    expect(text).not.toContain('n’est pas une facture');
    // Seller, as on the repair invoices.
    expect(text).toContain('Réparations Œdipe SARL');
    expect(text).toContain('SIREN 732829320 · SIRET 732 829 320 00074');
    // Buyer: company, name, billing address.
    expect(text).toMatch(/FACTURÉ À/i);
    expect(text).toMatch(/Œuvray & Fils SARL\s+(Œuvray & Fils SARL\s+)?Inès Œuvray/);
    expect(text).toContain('8 quai de l’Aiguillon');
    expect(text).toContain('33120 Arcachon');
    // Dates: the invoice's, the order's, the payment's and its method.
    const today = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
    expect(text).toMatch(new RegExp(`Payée le :\\s+${today}`));
    expect(text).toMatch(/Paiement :\s+Virement bancaire/);
    expect(flat).toContain(`Facture acquittée : payée le ${today} (Virement bancaire).`);
    expect(flat).toContain(`N° ${order.number} du ${today}`);
    expect(flat).toContain(`Date de la vente ou de la prestation : ${today}.`);
    // Lines excluding VAT with their rate: 29,90 € TTC is 24,92 € HT; shipping and the promo code are lines.
    expect(text).toContain('P.U. HT');
    expect(text).toContain('Chargeur « rapide » 30 W');
    expect(text).toMatch(/2\s+24,92 €\s+20 %\s+—\s+49,83 €/);
    expect(text).toContain('Livraison : ');
    expect(text).toMatch(/Code promo PDF-DIX\s+1\s+-4,98 €\s+20 %/);
    // Totals: HT, VAT, TTC, all paid.
    const total = view.total.replace('.', ',');
    expect(text).toMatch(/Total HT\s+\d+,\d\d €/);
    expect(text).toMatch(/TVA 20 %\s+\d+,\d\d €/);
    expect(text).toMatch(new RegExp(`Total TTC\\s+${total} €`));
    expect(text).toMatch(new RegExp(`Déjà réglé\\s+${total} €`));
    expect(text).toMatch(/Reste à payer\s+0,00 €/);
    // A company buys: the late-payment terms of a business customer.
    expect(flat).toContain('indemnité forfaitaire pour frais de recouvrement de 40 €');

    // The staff's session gets the same invoice; another customer nothing.
    expect((await pdfOf(`/api/shop/orders/${order.id}/pdf`, staff)).headers['content-disposition']).toBe(`attachment; filename="facture-${invoiceNumber}.pdf"`);
    expect((await pdfOf(`/api/shop/orders/${order.id}/pdf`, other)).statusCode).toBe(404);
  });
});
