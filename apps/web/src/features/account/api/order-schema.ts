import { vatRates } from '@erepare/shared/invoice-vat';
import { z } from '@erepare/shared/zod';

/**
 * A shop order as the account reads it (spec 1 §3 "Shop order"). The endpoint comes with the shop
 * issue: the schema is lenient where a WooCommerce-like answer varies (amounts as "12.50" text,
 * missing optional fields), and strict where the screen needs a value (id, status, lines).
 */
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? '' : String(value)));

const amount = z.union([z.number(), z.string().trim().regex(/^-?\d+(?:[.,]\d+)?$/)]).transform((value) =>
  typeof value === 'number' ? value : Number(value.replace(',', '.')),
);

export const orderAddressSchema = z.object({
  first_name: text,
  last_name: text,
  company: text,
  address_1: text,
  address_2: text,
  postcode: text,
  city: text,
  country: text,
  email: text,
  phone: text,
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

const emptyAddress: OrderAddress = {
  first_name: '',
  last_name: '',
  company: '',
  address_1: '',
  address_2: '',
  postcode: '',
  city: '',
  country: '',
  email: '',
  phone: '',
};

export const orderLineSchema = z.object({
  name: z.string(),
  sku: text,
  quantity: z.coerce.number().int().min(0),
  price: amount,
  total: amount,
  image_url: text,
  /** Issue 22 §1: the rate the article was sold at; absent (20 %) in older answers, an unknown value too. */
  vat_rate: z.enum(vatRates).optional().catch(undefined),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const shopOrderSchema = z.object({
  id: z.union([z.number().int(), z.string().min(1)]),
  order_number: text,
  status: z.string(),
  date_created: z.string(),
  total: amount,
  payment_method_title: text,
  transaction_id: text,
  /** Issue 22 §1: a paid order's invoice (FB-{year}-{000001}) and its date; absent before payment. */
  invoice_number: z.string().nullish(),
  date_invoiced: z.string().nullish(),
  /** Issue 22 §1: the credit notes (avoirs, AB-{year}-{000001}) of its refunds, oldest first. */
  credit_notes: z
    .array(z.object({ number: z.string().min(1), date: z.string(), amount }))
    .nullish()
    .transform((value) => value ?? []),
  customer_note: text,
  billing: orderAddressSchema.nullish().transform((value) => value ?? emptyAddress),
  shipping: orderAddressSchema.nullish().transform((value) => value ?? emptyAddress),
  line_items: z.array(orderLineSchema),
  /** What the VAT split of the totals needs besides the articles (as the invoice reads them); absent in a partial answer. */
  shipping_lines: z.array(z.object({ method_title: text, total: amount })).optional().catch(undefined),
  coupon_lines: z.array(z.object({ code: text, discount: amount })).optional().catch(undefined),
  loyalty_discount: amount.optional().catch(undefined),
});
export type ShopOrder = z.infer<typeof shopOrderSchema>;

/** The number shown for an order: its order number, or its id when it has none. */
export function orderNumber(order: Pick<ShopOrder, 'id' | 'order_number'>): string {
  return order.order_number.trim() || String(order.id);
}
