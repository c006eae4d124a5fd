import { missingForFreeShippingCents, toShippingDefinition } from '@erepare/shared/shop';
import type { PaymentGateway, ShippingMethod } from '@erepare/shared/schemas/shop';

/**
 * Methods the customer can pick: the enabled ones. A relay method (colissimo_relais, lpc_relay)
 * comes with the relay-point picker; the server lists it only when Colissimo is configured.
 */
export function selectableShippingMethods(methods: readonly ShippingMethod[]): ShippingMethod[] {
  return methods.filter((method) => method.enabled);
}

/** The method preselected for a customer in a hurry: standard home delivery, else the first one. */
export function defaultShippingMethod(methods: readonly ShippingMethod[]): string {
  return (methods.find((method) => method.id === 'colissimo_no_sign') ?? methods.find((method) => method.kind === 'standard') ?? methods[0])?.id ?? '';
}

export function freeShippingHint(method: ShippingMethod, subtotalAfterCouponCents: number): number {
  return missingForFreeShippingCents(toShippingDefinition(method), subtotalAfterCouponCents);
}

/** Gateways allowed with a shipping method (cod: in-store pickup only; the server says which). */
export function gatewaysFor(gateways: readonly PaymentGateway[], shippingMethod: string): PaymentGateway[] {
  return [...gateways]
    .filter((gateway) => gateway.shipping_methods === null || gateway.shipping_methods.includes(shippingMethod))
    .sort((a, b) => a.order - b.order);
}

/** Gateways the server offers but not with this shipping method (to say why they are missing). */
export function gatewaysExcludedBy(gateways: readonly PaymentGateway[], shippingMethod: string): PaymentGateway[] {
  return gateways.filter((gateway) => gateway.shipping_methods !== null && !gateway.shipping_methods.includes(shippingMethod));
}

/** "A, B et C". */
export function frenchList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} et ${items[items.length - 1] ?? ''}`;
}
