import { euroAmount } from '@erepare/shared/shop';
import { formatAddress, storeProfile } from '@erepare/shared/store-profile';
import { escapeHtml, type MailContent } from '../mail/templates.js';
import type { OrderMailData } from './mails.js';

/**
 * Interim notice that a pay-in-store order was not collected in time and was cancelled.
 * TODO(mails): move into mails.ts (owned by the checkout/mails work) with the other order mails'
 * layout; kept apart meanwhile so the buyer is told with the right words (orderExpiredEmail speaks
 * of a bank transfer).
 */
export function pickupExpiredEmail(data: OrderMailData, options: { publicUrl: string }): MailContent {
  // eslint-disable-next-line no-control-regex
  const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  const date = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'Europe/Paris' }).format(data.createdAt);
  const shop = `${options.publicUrl.replace(/\/+$/, '')}/boutique`;
  const paragraphs = [
    data.billing.first_name ? `Bonjour ${oneLine(data.billing.first_name)},` : 'Bonjour,',
    `Votre commande n° ${data.orderNumber} du ${date} (${euroAmount(data.totalCents)} €, à régler en boutique) n’a pas été retirée dans le délai annoncé : elle est annulée et les articles ont été remis en vente.`,
    `Vous souhaitez toujours ces articles ? Passez une nouvelle commande ou appelez-nous au ${storeProfile.phone.display}.`,
  ];
  const items = data.items.map((item) => `- ${oneLine(item.name)} : ${item.quantity} × ${euroAmount(item.unitPriceCents)} €`);
  const footer = [storeProfile.name, formatAddress(storeProfile), `${storeProfile.phone.display} · ${storeProfile.email}`];
  const subject = `Commande n° ${data.orderNumber} annulée – ${storeProfile.name}`;
  const text = [...paragraphs, items.join('\n'), `Retourner à la boutique : ${shop}`, '--', ...footer].join('\n\n');
  const html =
    `<!DOCTYPE html>\n<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937">` +
    paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('') +
    `<ul>${items.map((item) => `<li>${escapeHtml(item.slice(2))}</li>`).join('')}</ul>` +
    `<p><a href="${escapeHtml(shop)}">Retourner à la boutique</a> (${escapeHtml(shop)})</p>` +
    `<p style="color:#4b5563;font-size:14px">${footer.map(escapeHtml).join('<br>')}</p></body></html>`;
  return { subject, html, text };
}
