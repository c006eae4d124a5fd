import { LEGAL_GUARANTEE_BOX_TITLE, legalGuaranteeBox, productWarrantyContract, withdrawalFormText } from '@erepare/shared/legal';
import { formatCents, formatWrittenDate } from '@erepare/shared/format';
import { formatAddress, type StoreProfile } from '@erepare/shared/store-profile';
import { typesetFrench } from '@erepare/shared/typography';
import { relayTypeLabel } from '@erepare/shared/relay-points';
import type { RelayPointRecord } from '../../db/schema.js';
import { escapeHtml, type MailContent } from '../mail/templates.js';
import type { OrderAddress } from './views.js';

// Re-exported for the callers and tests that read them from the order mails.
export { legalGuaranteeBox, withdrawalFormText };

/**
 * The order e-mails (French, HTML and text saying the same thing): the buyer's confirmation with
 * the legal information French consumer law requires for a distance sale, the staff notification,
 * and the notice that an unpaid bank-transfer order was cancelled. Every interpolated value is
 * escaped in the HTML and kept on one line in the text. The shop's identity (footer, bank details,
 * pickup address, legal texts) is the store profile the caller read (getStoreProfile) and passed in
 * the options.
 */

/** The confirmation payload of spec 2 §3, plus what the mail needs to be complete. */
export type OrderConfirmationPayload = {
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  items: { name: string; sku: string; quantity: number; price: string; total: string }[];
  subtotal: string;
  shipping: string;
  total: string;
  paymentMethod: string;
  shippingAddress: { firstName: string; lastName: string; address1: string; city: string; postcode: string };
};

export type OrderMailData = {
  id: number;
  orderNumber: string;
  status: string;
  paymentMethod: string;
  paymentMethodTitle: string;
  billing: OrderAddress;
  shipping: OrderAddress;
  shippingMethodId: string;
  shippingMethodTitle: string;
  items: { name: string; sku: string; quantity: number; unitPriceCents: number; totalCents: number }[];
  subtotalCents: number;
  couponCode: string;
  discountCents: number;
  loyaltyCents: number;
  shippingCents: number;
  totalCents: number;
  customerNote: string;
  createdAt: Date;
  expiresAt: Date | null;
  /** Relay delivery: the Colissimo point the parcel goes to (the address above is then the billing one). */
  relayPoint?: RelayPointRecord | null;
};

export function confirmationPayload(data: OrderMailData): OrderConfirmationPayload {
  return {
    orderNumber: data.orderNumber,
    customerName: oneLine(`${data.billing.first_name} ${data.billing.last_name}`),
    customerEmail: data.billing.email,
    items: data.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      quantity: item.quantity,
      price: euros(item.unitPriceCents),
      total: euros(item.totalCents),
    })),
    subtotal: euros(data.subtotalCents),
    shipping: euros(data.shippingCents),
    total: euros(data.totalCents),
    paymentMethod: data.paymentMethodTitle,
    shippingAddress: {
      firstName: data.shipping.first_name,
      lastName: data.shipping.last_name,
      address1: data.shipping.address_1,
      city: data.shipping.city,
      postcode: data.shipping.postcode,
    },
  };
}

// ───────────────────────── layout ─────────────────────────

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

/** "1 234,90 €" (fr-FR): thousands grouped, the euro sign held to its amount by a no-break space. */
function euros(cents: number): string {
  return formatCents(cents);
}

const parisDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'Europe/Paris' });
const parisDateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Paris' });

const colors = { text: '#1f2937', muted: '#4b5563', border: '#e5e7eb', background: '#f3f4f6', button: '#0b5cad' };

type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'details'; rows: Array<[string, string]> }
  | { kind: 'items'; items: OrderMailData['items'] }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'preformatted'; text: string }
  /** A framed box (the legal-guarantee "encadré"): a title and its paragraphs. */
  | { kind: 'box'; title: string; paragraphs: string[] };

function renderHtmlBlock(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `<h2 style="margin:24px 0 12px;font-size:18px;color:${colors.text}">${escapeHtml(block.text)}</h2>`;
    case 'paragraph':
      return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${colors.text}">${escapeHtml(block.text)}</p>`;
    case 'details':
      return (
        `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;font-size:16px;color:${colors.text}">` +
        block.rows
          .map(
            ([label, value]) =>
              `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;font-weight:bold;vertical-align:top">${escapeHtml(label)}</th>` +
              `<td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
          )
          .join('') +
        `</table>`
      );
    case 'items':
      return (
        `<table style="border-collapse:collapse;width:100%;margin:0 0 16px;font-size:15px;color:${colors.text}">` +
        `<caption style="text-align:left;font-weight:bold;padding-bottom:8px">Articles commandés</caption>` +
        `<thead><tr>` +
        ['Article', 'Quantité', 'Prix unitaire', 'Total']
          .map((label, index) => `<th scope="col" style="text-align:${index === 0 ? 'left' : 'right'};padding:6px;border-bottom:1px solid ${colors.border}">${label}</th>`)
          .join('') +
        `</tr></thead><tbody>` +
        block.items
          .map(
            (item) =>
              `<tr><td style="padding:6px;border-bottom:1px solid ${colors.border}">${escapeHtml(oneLine(item.name))}${item.sku ? `<br><span style="color:${colors.muted};font-size:13px">Réf. ${escapeHtml(oneLine(item.sku))}</span>` : ''}</td>` +
              `<td style="padding:6px;text-align:right;border-bottom:1px solid ${colors.border}">${item.quantity}</td>` +
              `<td style="padding:6px;text-align:right;border-bottom:1px solid ${colors.border}">${escapeHtml(euros(item.unitPriceCents))}</td>` +
              `<td style="padding:6px;text-align:right;border-bottom:1px solid ${colors.border}">${escapeHtml(euros(item.totalCents))}</td></tr>`,
          )
          .join('') +
        `</tbody></table>`
      );
    case 'button': {
      const href = escapeHtml(block.url);
      return (
        `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${colors.button};color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none">${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:${colors.muted}">Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur\u00a0:<br>` +
        `<a href="${href}" style="color:${colors.button};word-break:break-all">${href}</a></p>`
      );
    }
    case 'box':
      return (
        `<div role="note" aria-label="${escapeHtml(block.title)}" style="margin:0 0 16px;padding:16px;border:2px solid ${colors.text};border-radius:4px">` +
        `<p style="margin:0 0 12px;font-size:16px;font-weight:bold;color:${colors.text}">${escapeHtml(block.title)}</p>` +
        block.paragraphs.map((text) => `<p style="margin:0 0 10px;font-size:14px;line-height:1.5;color:${colors.text}">${escapeHtml(text)}</p>`).join('') +
        `</div>`
      );
    case 'preformatted':
      return `<pre style="margin:0 0 16px;padding:12px;border:1px solid ${colors.border};white-space:pre-wrap;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:${colors.text}">${escapeHtml(block.text)}</pre>`;
  }
}

function renderTextBlock(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `${block.text.toUpperCase()}\n${'-'.repeat(Math.min(60, block.text.length))}`;
    case 'paragraph':
      return block.text;
    case 'details':
      return block.rows.map(([label, value]) => `${label} : ${value}`).join('\n');
    case 'items':
      return block.items
        .map((item) => `- ${oneLine(item.name)}${item.sku ? ` (réf. ${oneLine(item.sku)})` : ''} : ${item.quantity} × ${euros(item.unitPriceCents)} = ${euros(item.totalCents)}`)
        .join('\n');
    case 'button':
      return `${block.label} :\n${block.url}`;
    case 'preformatted':
      return block.text;
    case 'box': {
      const rule = '='.repeat(60);
      return [rule, block.title.toUpperCase(), rule, block.paragraphs.join('\n\n'), rule].join('\n');
    }
  }
}

function typesetBlock(block: Block): Block {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
    case 'preformatted':
      return { ...block, text: typesetFrench(block.text) };
    case 'details':
      return { kind: 'details', rows: block.rows.map(([label, value]): [string, string] => [typesetFrench(label), typesetFrench(value)]) };
    case 'items':
      return { kind: 'items', items: block.items.map((item) => ({ ...item, name: typesetFrench(item.name) })) };
    case 'button':
      return { ...block, label: typesetFrench(block.label) };
    case 'box':
      return { kind: 'box', title: typesetFrench(block.title), paragraphs: block.paragraphs.map(typesetFrench) };
  }
}

/**
 * The mail as HTML and text. Every text gets the no-break spaces of French typography here (issue
 * 22 §4.6), so the blocks are written with plain spaces.
 */
function render(profile: StoreProfile, rawSubject: string, rawBlocks: Block[]): MailContent {
  const subject = typesetFrench(rawSubject);
  const blocks = rawBlocks.map(typesetBlock);
  const footerLines = [
    profile.name,
    formatAddress(profile),
    `${profile.phone.display} · ${profile.email}`,
    `SIRET ${profile.siret}`,
    'Cet e-mail a été envoyé automatiquement. Vous pouvez y répondre : votre message parviendra à la boutique.',
  ].map(typesetFrench);
  const html =
    `<!DOCTYPE html>\n<html lang="fr" dir="ltr">\n<head>\n<meta charset="utf-8">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${escapeHtml(subject)}</title>\n</head>\n` +
    `<body style="margin:0;padding:0;background:${colors.background};font-family:Arial,Helvetica,sans-serif">\n` +
    `<div role="article" aria-label="${escapeHtml(subject)}" lang="fr" style="max-width:640px;margin:0 auto;padding:24px 16px">\n` +
    `<div style="background:#ffffff;border:1px solid ${colors.border};border-radius:8px;padding:24px">\n` +
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:${colors.text}">${escapeHtml(profile.name)}</p>\n` +
    blocks.map(renderHtmlBlock).join('\n') +
    `\n</div>\n<div style="padding:16px 8px;font-size:13px;line-height:1.5;color:${colors.muted}">\n` +
    footerLines.map((line) => `<p style="margin:0 0 4px">${escapeHtml(line)}</p>`).join('\n') +
    `\n</div>\n</div>\n</body>\n</html>\n`;
  const text = typesetFrench(`${blocks.map(renderTextBlock).join('\n\n')}\n\n-- \n${footerLines.join('\n')}\n`);
  return { subject: oneLine(subject), html, text };
}

function siteLink(publicUrl: string, path: string, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params).toString();
  return `${publicUrl.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
}

function fullName(address: OrderAddress): string {
  return oneLine(`${address.first_name} ${address.last_name}`);
}

function addressLines(address: OrderAddress): string {
  return [
    fullName(address),
    oneLine(address.company),
    oneLine(address.address_1),
    oneLine(address.address_2),
    oneLine(`${address.postcode} ${address.city}`),
    oneLine(address.country),
  ]
    .filter(Boolean)
    .join(', ');
}

/** "BUREAU DE POSTE …, 41 COURS DE VERDUN, 33470 GUJAN MESTRAS (Bureau de poste, n° 004512)". */
function relayLines(relay: RelayPointRecord): string {
  return [
    oneLine(relay.name),
    oneLine(relay.address1),
    oneLine(relay.address2),
    oneLine(`${relay.postcode} ${relay.city}`),
  ]
    .filter(Boolean)
    .join(', ')
    .concat(` (${relayTypeLabel(relay.type)}, n° ${oneLine(relay.id)})`);
}

function totalsRows(data: OrderMailData): Array<[string, string]> {
  const rows: Array<[string, string]> = [['Sous-total', euros(data.subtotalCents)]];
  if (data.discountCents > 0) rows.push([`Code promo ${oneLine(data.couponCode)}`, `−${euros(data.discountCents)}`]);
  if (data.loyaltyCents > 0) rows.push(['Points fidélité', `−${euros(data.loyaltyCents)}`]);
  rows.push([`Livraison (${oneLine(data.shippingMethodTitle)})`, data.shippingCents > 0 ? euros(data.shippingCents) : 'Gratuite']);
  rows.push(['Total TTC', euros(data.totalCents)]);
  rows.push(['Mode de paiement', oneLine(data.paymentMethodTitle)]);
  return rows;
}

function holdDaysOf(data: OrderMailData): number {
  if (!data.expiresAt) return 0;
  return Math.max(1, Math.round((data.expiresAt.getTime() - data.createdAt.getTime()) / 86_400_000));
}

function openingHoursText(profile: StoreProfile): string {
  return profile.openingHours.map((slot) => `${slot.days} : ${slot.hours}`).join(' ; ');
}

// ───────────────────────── legal information (Code de la consommation) ─────────────────────────

function legalBlocks(profile: StoreProfile, publicUrl: string, orderNumber: string): Block[] {
  const cgv = siteLink(publicUrl, '/cgv');
  return [
    { kind: 'heading', text: 'Conditions générales de vente' },
    {
      kind: 'paragraph',
      text:
        'En résumé : les prix sont indiqués en euros toutes taxes comprises ; la commande est ferme dès que vous avez cliqué sur « Commander avec obligation de paiement » après avoir accepté nos conditions générales de vente ; ' +
        'elle est préparée après réception du paiement (virement) ou réservée jusqu’au retrait et réglée en boutique ; les produits restent notre propriété jusqu’au paiement complet ; ' +
        'vous bénéficiez du droit de rétractation, des garanties légales et de notre garantie commerciale décrits ci-dessous.',
    },
    { kind: 'paragraph', text: `Le texte complet de nos conditions générales de vente, que vous avez acceptées, est consultable à tout moment : ${cgv}` },
    { kind: 'heading', text: 'Droit de rétractation (14 jours)' },
    {
      kind: 'paragraph',
      text:
        'Vous disposez d’un délai de 14 jours pour vous rétracter de cette commande sans avoir à donner de motif (articles L221-18 et suivants du Code de la consommation). ' +
        'Le délai court à compter du jour où vous-même, ou un tiers que vous avez désigné (autre que le transporteur), prenez physiquement possession du bien ; pour une commande en plusieurs livraisons, à compter de la réception du dernier bien.',
    },
    {
      kind: 'paragraph',
      text:
        `Pour l’exercer, notifiez-nous votre décision avant l’expiration du délai par une déclaration dénuée d’ambiguïté (courrier à ${formatAddress(profile)} ou e-mail à ${profile.email}), ` +
        'par exemple au moyen du formulaire type ci-dessous (son utilisation n’est pas obligatoire). ' +
        'Renvoyez ou rapportez ensuite le bien en boutique sans retard excessif et au plus tard 14 jours après nous avoir communiqué votre décision ; les frais directs de renvoi sont à votre charge. ' +
        'Votre responsabilité n’est engagée qu’en cas de dépréciation du bien résultant de manipulations autres que celles nécessaires pour établir sa nature, ses caractéristiques et son bon fonctionnement.',
    },
    {
      kind: 'paragraph',
      text:
        'Nous vous remboursons la totalité des sommes versées, frais de livraison standard inclus, au plus tard 14 jours à compter du jour où nous sommes informés de votre décision, avec le même moyen de paiement que celui utilisé pour la commande (sauf accord contraire de votre part, sans frais). ' +
        'Nous pouvons différer le remboursement jusqu’à la récupération du bien ou jusqu’à ce que vous ayez fourni une preuve de son expédition, la date retenue étant celle du premier de ces faits. ' +
        'Aucune des exceptions au droit de rétractation (article L221-28 du Code de la consommation) ne s’applique aux produits de cette commande.',
    },
    { kind: 'preformatted', text: withdrawalFormText(profile, orderNumber) },
    ...warrantyBlocks(profile),
  ];
}

/**
 * The commercial warranty contract (article L217-22 du Code de la consommation) and the
 * legal-guarantee box of the annex to article D211-2: their texts live in @erepare/shared/legal,
 * shared with the CGV page, so the mail and the terms say the same thing.
 */
function warrantyBlocks(profile: StoreProfile): Block[] {
  const contract = productWarrantyContract(profile, 'order');
  return [
    { kind: 'heading', text: contract.title },
    { kind: 'paragraph', text: contract.object },
    { kind: 'paragraph', text: contract.exclusions },
    { kind: 'details', rows: contract.rows },
    { kind: 'paragraph', text: contract.independence },
    { kind: 'box', title: LEGAL_GUARANTEE_BOX_TITLE, paragraphs: legalGuaranteeBox() },
    { kind: 'paragraph', text: contract.disputes },
  ];
}

// ───────────────────────── templates ─────────────────────────

export type ConfirmationOptions = {
  publicUrl: string;
  /** The store profile as saved (getStoreProfile), read by the caller in the transaction that queues the mail. */
  profile: StoreProfile;
  /** The order key, when the mail is written by someone who holds it (creation, the browser's proven call). */
  orderKey?: string | undefined;
};

/** The confirmation to the buyer (payload of spec 2 §3), with the legal information of a distance sale. */
export function orderConfirmationEmail(data: OrderMailData, options: ConfirmationOptions): MailContent {
  const pickup = data.shippingMethodId === 'local_pickup';
  const blocks: Block[] = [
    { kind: 'paragraph', text: data.billing.first_name ? `Bonjour ${oneLine(data.billing.first_name)},` : 'Bonjour,' },
  ];

  if (data.paymentMethod === 'bacs' && data.status === 'on-hold') {
    blocks.push({
      kind: 'paragraph',
      text: `Merci pour votre commande n° ${data.orderNumber} du ${formatWrittenDate(parisDateTime, data.createdAt)}. Elle est réservée et sera traitée sous 24-48 h après réception du virement.`,
    });
    blocks.push({ kind: 'heading', text: 'Paiement par virement bancaire' });
    blocks.push({
      kind: 'paragraph',
      text: `Effectuez un virement de ${euros(data.totalCents)} sur le compte ci-dessous en indiquant impérativement la référence ${data.orderNumber}.`,
    });
    blocks.push({
      kind: 'details',
      rows: [
        ['Titulaire', options.profile.bank.accountHolder],
        ['Banque', options.profile.bank.bankName],
        ['IBAN', options.profile.bank.iban],
        ['BIC', options.profile.bank.bic],
        ['Référence', data.orderNumber],
        ['Montant', euros(data.totalCents)],
      ],
    });
    if (data.expiresAt) {
      blocks.push({
        kind: 'paragraph',
        text: `Sans réception de votre virement d’ici le ${formatWrittenDate(parisDate, data.expiresAt)} (${holdDaysOf(data)} jours), la commande sera annulée et les articles remis en vente.`,
      });
    }
  } else if (data.paymentMethod === 'cod' && data.totalCents > 0) {
    blocks.push({
      kind: 'paragraph',
      text: `Merci pour votre commande n° ${data.orderNumber} du ${formatWrittenDate(parisDateTime, data.createdAt)}. Vos articles sont réservés ; la commande est à régler en boutique au retrait (carte bancaire ou espèces).`,
    });
    if (data.expiresAt) {
      blocks.push({
        kind: 'paragraph',
        text: `Merci de la retirer au plus tard le ${formatWrittenDate(parisDate, data.expiresAt)} : passé ce délai, la commande sera annulée et les articles remis en vente.`,
      });
    }
  } else if (data.totalCents === 0) {
    blocks.push({
      kind: 'paragraph',
      text: `Merci pour votre commande n° ${data.orderNumber} du ${formatWrittenDate(parisDateTime, data.createdAt)}. Elle est entièrement réglée par vos réductions : il n’y a rien à payer, nous la préparons.`,
    });
  } else {
    blocks.push({
      kind: 'paragraph',
      text: `Merci pour votre commande n° ${data.orderNumber} du ${formatWrittenDate(parisDateTime, data.createdAt)}. Votre paiement a bien été reçu : nous préparons votre commande.`,
    });
  }

  blocks.push({ kind: 'heading', text: 'Récapitulatif' });
  blocks.push({ kind: 'items', items: data.items });
  blocks.push({ kind: 'details', rows: totalsRows(data) });

  if (pickup) {
    blocks.push({ kind: 'heading', text: 'Retrait en boutique' });
    blocks.push({
      kind: 'details',
      rows: [
        ['Adresse', `${options.profile.name}, ${formatAddress(options.profile)}`],
        ['Horaires', openingHoursText(options.profile)],
        ['Téléphone', options.profile.phone.display],
      ],
    });
    blocks.push({ kind: 'paragraph', text: 'Présentez-vous avec votre numéro de commande et une pièce d’identité.' });
  } else if (data.relayPoint) {
    blocks.push({ kind: 'heading', text: 'Livraison en point relais' });
    blocks.push({
      kind: 'details',
      rows: [
        ['Mode', oneLine(data.shippingMethodTitle)],
        ['Point relais', relayLines(data.relayPoint)],
        ['Destinataire', fullName(data.shipping) || fullName(data.billing)],
      ],
    });
    blocks.push({
      kind: 'paragraph',
      text: 'Votre colis sera livré dans ce point relais, et non à votre adresse. Colissimo vous préviendra par e-mail ou SMS de son arrivée ; munissez-vous d’une pièce d’identité pour le retirer.',
    });
    blocks.push({ kind: 'paragraph', text: 'Les commandes payées avant 14 h sont expédiées le jour même (jours ouvrés).' });
  } else {
    blocks.push({ kind: 'heading', text: 'Livraison' });
    blocks.push({
      kind: 'details',
      rows: [
        ['Mode', oneLine(data.shippingMethodTitle)],
        ['Adresse', addressLines(data.shipping)],
      ],
    });
    blocks.push({ kind: 'paragraph', text: 'Les commandes payées avant 14 h sont expédiées le jour même (jours ouvrés).' });
  }
  // The customer's note is not echoed here (review finding 8): anyone may order with any address,
  // so the note would let them make the shop mail their text to a stranger. The staff gets it.

  blocks.push(
    options.orderKey
      ? { kind: 'button', label: 'Voir ma commande', url: siteLink(options.publicUrl, '/commande', { order: String(data.id), key: options.orderKey }) }
      : { kind: 'button', label: 'Voir mes commandes', url: siteLink(options.publicUrl, '/compte', { tab: 'orders' }) },
  );
  blocks.push(...legalBlocks(options.profile, options.publicUrl, data.orderNumber));
  blocks.push({ kind: 'paragraph', text: `Une question ? Appelez-nous au ${options.profile.phone.display} ou répondez à cet e-mail.` });

  return render(options.profile, `Confirmation de votre commande n° ${data.orderNumber} – ${options.profile.name}`, blocks);
}

export type StaffNotificationOptions = { publicUrl: string; backend: 'local' | 'repairdesk'; profile: StoreProfile };

/** "Nouvelle commande #N" to the shop. */
export function orderStaffNotificationEmail(data: OrderMailData, options: StaffNotificationOptions): MailContent {
  const blocks: Block[] = [
    { kind: 'paragraph', text: `Nouvelle commande n° ${data.orderNumber} passée sur le site le ${formatWrittenDate(parisDateTime, data.createdAt)}.` },
    {
      kind: 'details',
      rows: [
        ['Client', fullName(data.billing) || '—'],
        ['E-mail', oneLine(data.billing.email)],
        ['Téléphone', oneLine(data.billing.phone) || '—'],
        ['Paiement', oneLine(data.paymentMethodTitle)],
        ['Statut', data.status === 'on-hold' ? 'En attente du virement' : data.status === 'processing' ? 'À préparer' : 'En attente de paiement'],
        ['Livraison', oneLine(data.shippingMethodTitle)],
        ...(data.relayPoint
          ? ([
              ['Point relais (colis à y livrer)', relayLines(data.relayPoint)],
              ['Adresse de facturation', addressLines(data.billing)],
            ] as Array<[string, string]>)
          : data.shippingMethodId === 'local_pickup'
            ? []
            : ([['Adresse', addressLines(data.shipping)]] as Array<[string, string]>)),
      ],
    },
    { kind: 'items', items: data.items },
    { kind: 'details', rows: totalsRows(data) },
  ];
  if (data.customerNote.trim()) blocks.push({ kind: 'details', rows: [['Note du client', oneLine(data.customerNote)]] });
  if (options.backend === 'repairdesk') {
    const todo = [`stock : retirer ${data.items.map((item) => `${item.quantity} × ${oneLine(item.name)}${item.sku ? ` (${oneLine(item.sku)})` : ''}`).join(', ')}`];
    if (data.loyaltyCents > 0) todo.push(`points fidélité : débiter ${euros(data.loyaltyCents)} sur la fiche du client`);
    blocks.push({ kind: 'heading', text: 'À reporter dans RepairDesk' });
    blocks.push({ kind: 'paragraph', text: `À reporter dans RepairDesk : ${todo.join(' ; ')}.` });
  }
  if (data.paymentMethod === 'bacs' && data.status === 'on-hold' && data.expiresAt) {
    blocks.push({
      kind: 'paragraph',
      text: `Virement attendu avec la référence ${data.orderNumber} ; sans réception d’ici le ${formatWrittenDate(parisDate, data.expiresAt)}, la commande sera annulée automatiquement.`,
    });
  }
  blocks.push({ kind: 'button', label: 'Ouvrir l’administration', url: siteLink(options.publicUrl, '/admin-dashboard') });
  return render(options.profile, `Nouvelle commande #${data.orderNumber}`, blocks);
}

/** The options of the notices to the buyer: links to the site, the saved store profile. */
export type CustomerNoticeOptions = { publicUrl: string; profile: StoreProfile };

/** To the buyer when an unpaid bank-transfer order is cancelled at its deadline. */
export function orderExpiredEmail(data: OrderMailData, options: CustomerNoticeOptions): MailContent {
  return render(options.profile, `Commande n° ${data.orderNumber} annulée – ${options.profile.name}`, [
    { kind: 'paragraph', text: data.billing.first_name ? `Bonjour ${oneLine(data.billing.first_name)},` : 'Bonjour,' },
    {
      kind: 'paragraph',
      text: `Nous n’avons pas reçu le virement de ${euros(data.totalCents)} pour votre commande n° ${data.orderNumber} du ${formatWrittenDate(parisDate, data.createdAt)} dans le délai annoncé : la commande est annulée et les articles ont été remis en vente.`,
    },
    {
      kind: 'paragraph',
      text: 'Si vous avez effectué le virement entre-temps, répondez à cet e-mail ou appelez-nous : nous vous rembourserons ou relancerons la commande selon votre choix.',
    },
    { kind: 'items', items: data.items },
    { kind: 'button', label: 'Retourner à la boutique', url: siteLink(options.publicUrl, '/boutique') },
    { kind: 'paragraph', text: `Une question ? Appelez-nous au ${options.profile.phone.display}.` },
  ]);
}

/** To the buyer when a pay-in-store order was not collected by its pickup deadline. */
export function orderPickupExpiredEmail(data: OrderMailData, options: CustomerNoticeOptions): MailContent {
  return render(options.profile, `Commande n° ${data.orderNumber} annulée – ${options.profile.name}`, [
    { kind: 'paragraph', text: data.billing.first_name ? `Bonjour ${oneLine(data.billing.first_name)},` : 'Bonjour,' },
    {
      kind: 'paragraph',
      text: `Votre commande n° ${data.orderNumber} du ${formatWrittenDate(parisDate, data.createdAt)} (${euros(data.totalCents)}, à régler en boutique) n’a pas été retirée dans le délai annoncé : elle est annulée et les articles ont été remis en vente.`,
    },
    { kind: 'paragraph', text: `Vous souhaitez toujours ces articles ? Passez une nouvelle commande ou appelez-nous au ${options.profile.phone.display}.` },
    { kind: 'items', items: data.items },
    { kind: 'button', label: 'Retourner à la boutique', url: siteLink(options.publicUrl, '/boutique') },
  ]);
}

/**
 * To the buyer when staff cancel an unpaid order (an article missing, a request by phone…). Staff's
 * note stays internal (it may say anything): the mail says what the buyer needs to know.
 */
export function orderCancelledByShopEmail(data: OrderMailData, options: CustomerNoticeOptions): MailContent {
  return render(options.profile, `Commande n° ${data.orderNumber} annulée – ${options.profile.name}`, [
    { kind: 'paragraph', text: data.billing.first_name ? `Bonjour ${oneLine(data.billing.first_name)},` : 'Bonjour,' },
    {
      kind: 'paragraph',
      text: `Votre commande n° ${data.orderNumber} du ${formatWrittenDate(parisDate, data.createdAt)} (${euros(data.totalCents)}) a été annulée par notre équipe. Aucun paiement n’avait été enregistré pour cette commande : vous n’avez rien à régler.`,
    },
    {
      kind: 'paragraph',
      text: `Si vous avez déjà fait un virement, ou si vous ne vous attendiez pas à cette annulation, répondez à cet e-mail ou appelez-nous au ${options.profile.phone.display} : nous vous rembourserons ou reprendrons la commande avec vous.`,
    },
    { kind: 'items', items: data.items },
    { kind: 'button', label: 'Retourner à la boutique', url: siteLink(options.publicUrl, '/boutique') },
  ]);
}

/**
 * To the buyer when staff record the bank transfer as received (the order goes into preparation).
 * `hasAccount`: the order belongs to an account, whose « Mes commandes » shows it; a guest has
 * none to go to (the mail says what to quote instead).
 */
export function orderPaymentReceivedEmail(data: OrderMailData, options: CustomerNoticeOptions & { hasAccount: boolean }): MailContent {
  const pickup = data.shippingMethodId === 'local_pickup';
  return render(options.profile, `Paiement reçu pour votre commande n° ${data.orderNumber} – ${options.profile.name}`, [
    { kind: 'paragraph', text: data.billing.first_name ? `Bonjour ${oneLine(data.billing.first_name)},` : 'Bonjour,' },
    {
      kind: 'paragraph',
      text: `Nous avons bien reçu votre virement de ${euros(data.totalCents)} pour la commande n° ${data.orderNumber} du ${formatWrittenDate(parisDate, data.createdAt)}. Votre commande est maintenant en préparation.`,
    },
    {
      kind: 'paragraph',
      text: pickup
        ? 'Vous pourrez la retirer en boutique, du mardi au samedi ; nous vous appelons si un article manque.'
        : `Nous la préparons et l’expédions par ${oneLine(data.shippingMethodTitle)}.`,
    },
    { kind: 'items', items: data.items },
    { kind: 'details', rows: totalsRows(data) },
    options.hasAccount
      ? { kind: 'button', label: 'Voir mes commandes', url: siteLink(options.publicUrl, '/compte', { tab: 'orders' }) }
      : { kind: 'paragraph', text: `Pour toute question sur cette commande, indiquez son numéro : ${data.orderNumber}.` },
    { kind: 'paragraph', text: `Une question ? Appelez-nous au ${options.profile.phone.display} ou répondez à cet e-mail.` },
  ]);
}
