const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One key per mailbox for the per-address mail caps (quote acknowledgements, unproven order mails): lower case, without a "+tag", and for Gmail
 * without the dots it ignores (and googlemail.com = gmail.com), so a.b+1@gmail.com and
 * ab@googlemail.com share one allowance.
 */
export function normaliseMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
