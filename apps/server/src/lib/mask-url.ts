/** Query values that prove something (order keys, tokens, a repair payment's return key, Stripe's client secrets on a return address): never written to the logs. */
const SECRET_QUERY = /([?&](?:key|cle|token|order_key|payment_intent_client_secret|setup_intent_client_secret)=)[^&#]*/gi;

/** The URL as logged: secret query values replaced by *** ("/api/shop/orders/12?key=***"). */
export function maskUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1***');
}
