import type { Profile } from '@erepare/shared/schemas/account';
import type { SessionUser } from '@erepare/shared/schemas/auth';
import type { FullTicket, FullTicketDetail, Invoice } from '@erepare/shared/schemas/repair';
import type { ShopOrder } from '../../../api/order-schema';

/** Test data of the account dashboard: one customer (id 12) and what belongs to them. */
export const CUSTOMER_ID = 12;

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    email: 'helene.lacoste@exemple.fr',
    role: 'customer',
    repairdesk_customer_id: CUSTOMER_ID,
    first_name: 'Hélène',
    last_name: 'Lacoste',
    phone: '06 12 34 56 78',
    address: '12 rue des Pins',
    city: 'Gujan-Mestras',
    postal_code: '33470',
    email_verified: true,
    ...overrides,
  };
}

export function fullTicket(overrides: Partial<FullTicket> = {}): FullTicket {
  const id = overrides.id ?? 1;
  return {
    id,
    ticket_number: `T-${6600 + id}`,
    status: 'In Progress',
    created_at: '2026-11-10T09:30:00.000Z',
    updated_at: '2026-11-12T15:45:00.000Z',
    customer_id: CUSTOMER_ID,
    customerId: CUSTOMER_ID,
    customer_name: 'Hélène Lacoste',
    device_name: 'iPhone 13',
    device_brand: 'Apple',
    device_model: 'A2633',
    device_category: 'Téléphone',
    device_fault: 'Écran cassé',
    initial_status: 'Waiting for inspection',
    total_amount: 189,
    grand_total: 189,
    description: 'Chute sur le carrelage, tactile inopérant en haut à droite.',
    first_name: 'Hélène',
    last_name: 'Lacoste',
    email: 'helene.lacoste@exemple.fr',
    phone: '06 12 34 56 78',
    devices: [
      {
        device_name: 'iPhone 13',
        device_brand: 'Apple',
        device_model: 'A2633',
        device_category: 'Téléphone',
        device_fault: 'Écran cassé',
        status: 'In Progress',
        price: 189,
        imei: '356789104563217',
        serial: 'F2LXK0PQ0D52',
        repairItems: ['Écran OLED iPhone 13', 'Main-d’œuvre'],
      },
    ],
    ...overrides,
  };
}

export function ticketDetail(overrides: Partial<FullTicketDetail> = {}): FullTicketDetail {
  return {
    ...fullTicket(),
    history: [
      { from_status: 'Waiting for inspection', to_status: 'In Progress', created_at: '2026-11-11T09:15:27.000Z' },
      { from_status: null, to_status: 'Waiting for inspection', created_at: '2026-11-10T09:30:00.000Z' },
    ],
    ...overrides,
  };
}

export function invoice(overrides: Partial<Invoice> = {}): Invoice {
  const id = overrides.id ?? 1;
  return {
    id,
    invoice_number: `F-2026-${String(id).padStart(5, '0')}`,
    order_id: `F-2026-${String(id).padStart(5, '0')}`,
    customer_id: CUSTOMER_ID,
    status: 'Partial',
    created_at: '2026-11-12T10:00:00.000Z',
    due_on: '2026-12-12T10:00:00.000Z',
    subtotal: 1040.42,
    total_tax: 208.08,
    total_amount: 1248.5,
    amount_paid: 500,
    amount_due: 748.5,
    discount: 0,
    notes: 'Règlement à la récupération de l’appareil.',
    customer: { fullName: 'Hélène Lacoste', cid: CUSTOMER_ID, email: 'helene.lacoste@exemple.fr', phone: '06 12 34 56 78' },
    line_items: [
      { name: 'Remplacement écran – iPhone 13', sku: 'ECR-IP13', quantity: 1, price: 189, tax: 31.5, total: 189 },
      { name: 'MacBook Air M2 reconditionné', sku: 'MBA-M2', quantity: 1, price: 1049.5, tax: 174.92, total: 1049.5 },
      { name: 'Câble USB-C « tressé »', sku: '', quantity: 2, price: 5, tax: 1.67, total: 10 },
    ],
    payments: [{ type: 'payment', amount: 500, method: 'Carte bancaire', transaction_id: 'CB-88412', payment_date: '2026-11-12T10:05:00.000Z' }],
    ticket: { hasTicket: true, id: 1, order_id: 'T-6601' },
    ...overrides,
  };
}

export function shopOrder(overrides: Partial<ShopOrder> = {}): ShopOrder {
  return {
    id: 5012,
    order_number: 'CMD-5012',
    status: 'processing',
    date_created: '2026-11-15T14:20:00.000Z',
    total: 1234.5,
    credit_notes: [],
    payment_method_title: 'Carte bancaire',
    transaction_id: 'pi_3QX9a2',
    customer_note: 'Merci de livrer après 18 h.',
    billing: {
      first_name: 'Hélène',
      last_name: 'Lacoste',
      company: '',
      address_1: '12 rue des Pins',
      address_2: '',
      postcode: '33470',
      city: 'Gujan-Mestras',
      country: 'France',
      email: 'helene.lacoste@exemple.fr',
      phone: '06 12 34 56 78',
    },
    shipping: {
      first_name: 'Hélène',
      last_name: 'Lacoste',
      company: '',
      address_1: '3 allée des Mimosas',
      address_2: 'Bâtiment B',
      postcode: '33120',
      city: 'Arcachon',
      country: 'France',
      email: '',
      phone: '',
    },
    line_items: [
      { name: 'Samsung Galaxy S23 reconditionné', sku: 'SGS23-R', quantity: 1, price: 1199.5, total: 1199.5, image_url: '' },
      { name: 'Coque silicone « Bassin »', sku: 'COQ-BAS', quantity: 1, price: 35, total: 35, image_url: '' },
    ],
    ...overrides,
  };
}

export function profile(overrides: Partial<Profile['profile']> = {}, linked = true): Profile {
  return {
    user: sessionUser(),
    linked,
    pending_email: null,
    loyalty_balance: 12.5,
    profile: {
      first_name: 'Hélène',
      last_name: 'Lacoste',
      email: 'helene.lacoste@exemple.fr',
      phone: '',
      mobile: '06 12 34 56 78',
      address1: '12 rue des Pins',
      address2: '',
      city: 'Gujan-Mestras',
      postcode: '33470',
      country: 'France',
      state: '',
      orgonization: '',
      refered_by: '',
      contact_person: '',
      email_opt_in: 0,
      sms_opt_in: 0,
      ...overrides,
    },
  };
}

export function envelope(data: unknown, extra: Record<string, unknown> = {}) {
  return { success: true, data, message: 'ok', statusCode: 200, ...(Array.isArray(data) ? { total: data.length } : {}), ...extra };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
