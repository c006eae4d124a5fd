import { formatAddress, type StoreProfile } from '@erepare/shared/store-profile';
import { statusLabel, statusUpdateMessage } from '@erepare/shared/ticket-status';
import { escapeHtml } from '../mail/templates.js';

/**
 * The short e-mail staff may send with a status change (issue 9, "notifyByEmail"): the new
 * status in French and a link to the public follow-up page. Every value is escaped in the HTML
 * and stripped of control characters in the text and the subject.
 */

export type TicketStatusEmailInput = {
  publicUrl: string;
  ticketNumber: string;
  status: string;
  firstName: string;
  profile: StoreProfile;
  /** An invoice left to pay, with its secret « Payer en ligne » link (ready for pickup, issue 24 §4). */
  payment?: { url: string; invoiceNumber: string; amountDueCents: number } | null | undefined;
};

/** One line: no control characters, spaces collapsed (a run holding a no-break space stays one). */
function oneLine(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .replace(/\s+/g, (run) => (run.includes('\u00a0') ? '\u00a0' : run.includes('\u202f') ? '\u202f' : ' '))
      .trim()
  );
}

export function ticketStatusEmail(input: TicketStatusEmailInput): { subject: string; html: string; text: string } {
  const number = oneLine(input.ticketNumber);
  const label = oneLine(statusLabel(input.status));
  const name = oneLine(input.firstName);
  const subject = `Votre réparation ${number}\u00a0: ${label}`;
  const greeting = name ? `Bonjour ${name},` : 'Bonjour,';
  const sentence = oneLine(statusUpdateMessage(input.status, number));
  const url = `${input.publicUrl.replace(/\/+$/, '')}/suivi?${new URLSearchParams({ ticket: number }).toString()}`;
  const { profile } = input;
  const footer = [profile.name, formatAddress(profile), `${profile.phone.display} · ${profile.email}`];
  const paragraphs = [greeting, sentence, 'Vous pouvez suivre l’avancement de votre réparation en ligne\u00a0:'];
  const payment = input.payment ?? null;
  const due = payment ? new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(payment.amountDueCents / 100) : '';
  const payText = payment ? `Reste à payer sur la facture ${oneLine(payment.invoiceNumber)}\u00a0: ${due}. Vous pouvez la régler dès maintenant, par carte ou PayPal\u00a0:` : '';
  const p = (text: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937">${escapeHtml(text)}</p>`;
  const href = escapeHtml(url);
  const html =
    `<!DOCTYPE html>\n<html lang="fr" dir="ltr">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n` +
    `<title>${escapeHtml(subject)}</title>\n</head>\n<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">\n` +
    `<div role="article" aria-label="${escapeHtml(subject)}" lang="fr" style="max-width:600px;margin:0 auto;padding:24px 16px">\n` +
    `<div style="background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;padding:24px">\n` +
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#1f2937">${escapeHtml(profile.name)}</p>\n` +
    paragraphs.map(p).join('\n') +
    `\n<p style="margin:0 0 16px"><a href="${href}" style="color:#0b5cad;word-break:break-all">${href}</a></p>\n` +
    (payment
      ? `${p(payText)}\n<p style="margin:0 0 16px"><a href="${escapeHtml(payment.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#0b5cad;color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none">Payer en ligne</a></p>\n`
      : '') +
    `</div>\n` +
    `<div style="padding:16px 8px;font-size:13px;line-height:1.5;color:#4b5563">\n` +
    footer.map((line) => `<p style="margin:0 0 4px">${escapeHtml(line)}</p>`).join('\n') +
    `\n</div>\n</div>\n</body>\n</html>\n`;
  const payBlock = payment ? `\n\n${payText}\nPayer en ligne\u00a0:\n${payment.url}` : '';
  const text = `${paragraphs.join('\n\n')}\n${url}${payBlock}\n\n-- \n${footer.join('\n')}\n`;
  return { subject, html, text };
}
