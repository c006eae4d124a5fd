import type { CartItem } from '@erepare/shared/cart';
import type { RelayPoint } from '@erepare/shared/relay-points';
import type { Order, PaymentGateway, ShippingMethod } from '@erepare/shared/schemas/shop';

export function cartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: 101,
    product_id: 101,
    name: 'Coque silicone iPhone 13',
    price: 19.9,
    sale_price: null,
    description: '',
    images: [],
    quantity: 2,
    image: '',
    sku: 'COQ-IP13',
    category: 'Accessoires',
    brand: 'Apple',
    stock_quantity: 5,
    in_stock: true,
    ...overrides,
  };
}

export const shippingMethods: ShippingMethod[] = [
  {
    id: 'local_pickup',
    title: 'Retrait en boutique',
    description: 'Gratuit, à Gujan-Mestras, du mardi au samedi',
    enabled: true,
    cost: '0.00',
    kind: 'pickup',
    free_threshold: null,
    needs_address: false,
    needs_relay: false,
  },
  {
    id: 'colissimo_no_sign',
    title: 'Colissimo sans signature',
    description: 'Livraison à domicile en 48 h ouvrées',
    enabled: true,
    cost: '6.90',
    kind: 'standard',
    free_threshold: '50.00',
    needs_address: true,
    needs_relay: false,
  },
  {
    id: 'chronopost',
    title: 'Chronopost express',
    description: 'Livraison express à domicile le lendemain avant 13 h',
    enabled: true,
    cost: '11.90',
    kind: 'express',
    free_threshold: '100.00',
    needs_address: true,
    needs_relay: false,
  },
];

export const bacs: PaymentGateway = {
  id: 'bacs',
  title: 'Virement bancaire',
  description: 'Effectuez le virement en indiquant votre numéro de commande comme référence.',
  enabled: true,
  method_title: 'Virement bancaire',
  order: 10,
  kind: 'offline',
  shipping_methods: null,
};

export const cod: PaymentGateway = {
  id: 'cod',
  title: 'Paiement en boutique au retrait',
  description: 'Réglez votre commande en boutique, par carte ou en espèces, au moment du retrait.',
  enabled: true,
  method_title: 'Paiement en boutique au retrait',
  order: 20,
  kind: 'offline',
  shipping_methods: ['local_pickup'],
};

export const stripe: PaymentGateway = {
  id: 'stripe',
  title: 'Carte bancaire',
  description: 'Paiement sécurisé par carte.',
  enabled: true,
  method_title: 'Carte bancaire',
  order: 1,
  kind: 'online',
  shipping_methods: null,
};

const address = {
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

export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 42,
    number: '1042',
    order_number: '1042',
    order_key: 'wc_order_abc123',
    status: 'on-hold',
    status_label: 'En attente de virement',
    currency: 'EUR',
    date_created: '2026-11-21T10:00:00.000Z',
    date_paid: null,
    payment_method: 'bacs',
    payment_method_title: 'Virement bancaire',
    transaction_id: '',
    needs_payment: true,
    billing: address,
    shipping: address,
    line_items: [
      { id: 1, product_id: 101, name: 'Coque silicone iPhone 13', sku: 'COQ-IP13', quantity: 2, price: '19.90', subtotal: '39.80', total: '39.80', image_url: '' },
    ],
    shipping_lines: [{ method_id: 'colissimo_no_sign', method_title: 'Colissimo sans signature', total: '6.90' }],
    coupon_lines: [],
    subtotal: '39.80',
    discount_total: '0.00',
    loyalty_discount: '0.00',
    shipping_total: '6.90',
    total: '46.70',
    customer_note: '',
    bank_details: {
      account_holder: 'E.repare',
      bank_name: 'Banque Exemple',
      iban: 'FR76 1234 5678 9012 3456 7890 123',
      bic: 'EXMPFRPPXXX',
      reference: '1042',
    },
    expires_at: '2026-11-28T10:00:00.000Z',
    ...overrides,
  };
}

export const relayMethod: ShippingMethod = {
  id: 'colissimo_relais',
  title: 'Colissimo en point relais',
  description: 'Retrait dans un point relais ou un bureau de poste proche de chez vous',
  enabled: true,
  cost: '5.90',
  kind: 'standard',
  free_threshold: '50.00',
  needs_address: true,
  needs_relay: true,
};

const weekdays = {
  horairesOuvertureLundi: '09:00-12:00 14:00-17:30',
  horairesOuvertureMardi: '09:00-12:00 14:00-17:30',
  horairesOuvertureMercredi: '09:00-12:00 00:00-00:00',
  horairesOuvertureJeudi: '09:00-12:00 14:00-17:30',
  horairesOuvertureVendredi: '09:00-12:00 14:00-17:30',
  horairesOuvertureSamedi: '09:00-12:00 00:00-00:00',
  horairesOuvertureDimanche: '00:00-00:00 00:00-00:00',
};

/** Points as GET /api/colissimo/relay-points answers them for 33470. */
export const relayPoints: RelayPoint[] = [
  {
    identifiant: '331990',
    nom: 'BUREAU DE POSTE GUJAN MESTRAS',
    typeDePoint: 'BPR',
    distanceEnMetre: 190,
    adresse1: '2 AVENUE DE LATTRE DE TASSIGNY',
    adresse2: '',
    codePostal: '33470',
    localite: 'GUJAN MESTRAS',
    ...weekdays,
    accesPersonneMobiliteReduite: true,
  },
  {
    identifiant: '008253',
    nom: 'CARREFOUR CITY GUJAN CENTRE',
    typeDePoint: 'A2P',
    distanceEnMetre: 850,
    adresse1: '120 COURS DE VERDUN',
    adresse2: '',
    codePostal: '33470',
    localite: 'GUJAN MESTRAS',
    ...weekdays,
    accesPersonneMobiliteReduite: false,
  },
  {
    identifiant: '331950',
    nom: 'CENTRE DE DISTRIBUTION LA TESTE DE BUCH',
    typeDePoint: 'CDI',
    distanceEnMetre: 5_420,
    adresse1: '14 RUE DES ARTISANS',
    adresse2: 'ZA DE LA COMBE DES MONS',
    codePostal: '33260',
    localite: 'LA TESTE DE BUCH',
    ...weekdays,
    accesPersonneMobiliteReduite: true,
  },
];
