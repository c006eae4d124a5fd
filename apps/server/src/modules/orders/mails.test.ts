import { formatAddress, defaultStoreProfile } from '@erepare/shared/store-profile';
import { typesetFrench } from '@erepare/shared/typography';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../mail/templates.js';
import { legalGuaranteeBox, orderConfirmationEmail, orderPaymentReceivedEmail, orderPickupExpiredEmail, orderStaffNotificationEmail, type OrderMailData } from './mails.js';
import type { OrderAddress } from './views.js';

const publicUrl = 'https://www.erepare.fr';
const note = 'Votre compte est suspendu : confirmez vos identifiants sur https://phishing.example/login';

const address: OrderAddress = {
  first_name: 'Léa',
  last_name: 'Martin',
  company: '',
  address_1: '12 rue des Pins',
  address_2: '',
  city: 'Arcachon',
  postcode: '33120',
  country: 'FR',
  email: 'lea.martin@example.fr',
  phone: '0601020304',
};

function mailData(overrides: Partial<OrderMailData> = {}): OrderMailData {
  return {
    id: 42,
    orderNumber: '42',
    status: 'on-hold',
    paymentMethod: 'bacs',
    paymentMethodTitle: 'Virement bancaire',
    billing: address,
    shipping: address,
    shippingMethodId: 'colissimo_no_sign',
    shippingMethodTitle: 'Colissimo sans signature',
    items: [{ name: 'iPhone 12 reconditionné', sku: 'IP12-R', quantity: 1, unitPriceCents: 39_900, totalCents: 39_900 }],
    subtotalCents: 39_900,
    couponCode: '',
    discountCents: 0,
    loyaltyCents: 0,
    shippingCents: 0,
    totalCents: 39_900,
    customerNote: note,
    createdAt: new Date('2026-03-02T10:00:00Z'),
    expiresAt: new Date('2026-03-09T10:00:00Z'),
    ...overrides,
  };
}

describe('order confirmation mail: commercial warranty and legal guarantees', () => {
  const mail = orderConfirmationEmail(mailData(), { publicUrl, orderKey: 'key_abc', profile: defaultStoreProfile });
  const guarantorAddress = formatAddress(defaultStoreProfile);

  it('states the commercial warranty contract: cover, duration, price, how to use it, the guarantor', () => {
    expect(mail.html).toContain('Contrat de garantie commerciale');
    expect(mail.text).toContain('CONTRAT DE GARANTIE COMMERCIALE DE 12 MOIS');
    for (const expected of [
        'panne ou tout défaut de fonctionnement',
        'pièces et main-d’œuvre comprises',
        'la casse',
        'l’oxydation',
        'la mauvaise utilisation',
        '12 mois à compter de la livraison du produit ou de son retrait en boutique',
        'Gratuite, incluse dans le prix du produit',
        'Contactez la boutique',
        defaultStoreProfile.legalName,
        guarantorAddress,
        defaultStoreProfile.phone.display,
      defaultStoreProfile.email,
    ]) {
      expect(mail.text).toContain(expected);
      expect(mail.html).toContain(escapeHtml(expected));
    }
    expect(mail.text).toContain(`Adresse du garant\u00a0: ${guarantorAddress}`);
  });

  it('reproduces the legal-guarantee box of the annex to article D211-2, in both parts', () => {
    for (const expected of [
      'annexe à l’article D211-2',
      'délai de deux ans à compter de la délivrance du bien',
      'pendant les 12 mois qui suivent la délivrance du bien (article L217-7',
      'dans un délai de 30 jours suivant sa demande, sans frais',
      'extension de six mois de la garantie initiale (article L217-13',
      'renouvelée pour une période de deux ans à compter de la date de remplacement du bien (article L217-13',
      'réduction du prix d’achat en conservant le bien ou mettre fin au contrat',
      'articles L217-1 à L217-32',
      'articles 1641 à 1649 du Code civil',
      'deux ans à compter de la découverte du défaut',
      'Indépendamment de cette garantie commerciale',
      'médiateur de la consommation',
      'DGCCRF',
    ]) {
      expect(mail.text.toLowerCase()).toContain(expected.toLowerCase());
      expect(mail.html).toContain(escapeHtml(expected));
    }
    // The box is framed in the HTML and every paragraph of it is there, escaped.
    expect(mail.html).toContain('<div role="note" aria-label="Garanties légales (annexe à l’article D211-2 du Code de la consommation)"');
    // Each paragraph as the legal text writes it, with the no-break spaces of French typography.
    for (const paragraph of legalGuaranteeBox()) {
      expect(mail.html).toContain(escapeHtml(typesetFrench(paragraph)));
      expect(mail.text).toContain(typesetFrench(paragraph));
    }
  });

  it('does not echo the customer’s note to the buyer; the staff notification keeps it', () => {
    for (const part of [mail.html, mail.text]) {
      expect(part).not.toContain('phishing.example');
      expect(part).not.toContain('Votre note');
    }
    const staff = orderStaffNotificationEmail(mailData(), { publicUrl, backend: 'local', profile: defaultStoreProfile });
    expect(staff.text).toContain(`Note du client\u00a0: ${typesetFrench(note)}`);
    expect(staff.html).toContain(escapeHtml(typesetFrench(note)));
  });

  it('escapes the names it keeps', () => {
    const named = orderConfirmationEmail(mailData({ billing: { ...address, first_name: '<b>Léa</b>' } }), { publicUrl, profile: defaultStoreProfile });
    expect(named.html).toContain('Bonjour &lt;b&gt;Léa&lt;/b&gt;,');
    expect(named.html).not.toContain('<b>Léa');
  });
});

describe('pay-in-store mails', () => {
  it('the confirmation states the pickup deadline; the expiry notice speaks of a pickup, not a transfer', () => {
    const data = mailData({ status: 'processing', paymentMethod: 'cod', paymentMethodTitle: 'Paiement en boutique au retrait', shippingMethodId: 'local_pickup', shippingMethodTitle: 'Retrait en boutique' });
    const confirmation = orderConfirmationEmail(data, { publicUrl, orderKey: 'cle', profile: defaultStoreProfile });
    expect(confirmation.text).toContain('à régler en boutique au retrait');
    expect(confirmation.text).toMatch(/retirer au plus tard le .*2026/);
    const expired = orderPickupExpiredEmail(data, { publicUrl, profile: defaultStoreProfile });
    expect(expired.text).toContain('n’a pas été retirée dans le délai');
    expect(expired.text).not.toContain('virement');
  });

  it('an order settled entirely by discounts asks for nothing', () => {
    const confirmation = orderConfirmationEmail(mailData({ status: 'processing', totalCents: 0, expiresAt: null }), { publicUrl, orderKey: 'cle', profile: defaultStoreProfile });
    expect(confirmation.text).toContain('il n’y a rien à payer');
    expect(confirmation.text).not.toContain('IBAN');
  });
});

describe('« Paiement reçu »', () => {
  const publicUrl = 'https://www.erepare.fr';
  it('sends a customer with an account to « Mes commandes », and a guest nowhere they cannot go', () => {
    const withAccount = orderPaymentReceivedEmail(mailData(), { publicUrl, profile: defaultStoreProfile, hasAccount: true });
    expect(withAccount.text).toContain(`${publicUrl}/compte?tab=orders`);
    const guest = orderPaymentReceivedEmail(mailData(), { publicUrl, profile: defaultStoreProfile, hasAccount: false });
    expect(guest.text).not.toContain('/compte');
    expect(guest.html).not.toContain('/compte');
    expect(guest.text).toContain(`indiquez son numéro\u00a0: ${mailData().orderNumber}`);
  });
});
