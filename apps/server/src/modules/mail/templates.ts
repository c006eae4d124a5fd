import { formatWrittenDate } from '@erepare/shared/format';
import { formatAddress, type StoreProfile } from '@erepare/shared/store-profile';
import { typesetFrench } from '@erepare/shared/typography';

/**
 * French transactional e-mails, each as an HTML part and a plain-text part that say the same
 * thing. The HTML is deliberately simple (one column, inline styles, no images, no scripts) so
 * it reads well in every client and with a screen reader; every link also appears as a plain
 * URL. Every interpolated value is escaped in the HTML and stripped of control characters in the
 * text and the subject. Each template takes the shop's identity as staff saved it (the caller reads
 * getStoreProfile once, in the transaction that queues the mail).
 */
export type MailContent = { subject: string; html: string; text: string };

/** Password-reset links are valid for one hour (spec 1 §7). */
export const PASSWORD_RESET_VALIDITY_HOURS = 1;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * One line of text: no control characters (no forged lines, no header tricks), spaces collapsed
 * (a run holding a no-break space stays one: « 1er décembre à 10h », « 12\u00a0€ »).
 */
function oneLine(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .replace(/\s+/g, (run) => (run.includes('\u00a0') ? '\u00a0' : run.includes('\u202f') ? '\u202f' : ' '))
      .trim()
  );
}

function hours(count: number): string {
  return count === 1 ? '1 heure' : `${count} heures`;
}

function link(publicUrl: string, path: string, params: Record<string, string>): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}?${new URLSearchParams(params).toString()}`;
}

function greeting(firstName: string | undefined): string {
  const name = firstName ? oneLine(firstName) : '';
  return name ? `Bonjour ${name},` : 'Bonjour,';
}

const colors = { text: '#1f2937', muted: '#4b5563', border: '#e5e7eb', background: '#f3f4f6', button: '#0b5cad' };

type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'details'; rows: Array<[string, string]> };

function typesetBlock(block: Block, typeset: (text: string) => string): Block {
  switch (block.kind) {
    case 'paragraph':
      return { kind: 'paragraph', text: typeset(block.text) };
    case 'button':
      return { kind: 'button', label: typeset(block.label), url: block.url };
    case 'details':
      return { kind: 'details', rows: block.rows.map(([label, value]): [string, string] => [typeset(label), typeset(value)]) };
  }
}

/**
 * Lays the blocks out as an HTML page and as text, with the store's identity in the footer. Every
 * text gets the no-break spaces of French typography here (issue 22 §4.6), so the templates are
 * written with plain spaces.
 */
function render(profile: StoreProfile, rawSubject: string, rawBlocks: Block[]): MailContent {
  const typeset = typesetFrench;
  const subject = typeset(rawSubject);
  const blocks = rawBlocks.map((block) => typesetBlock(block, typeset));
  const footerLines = [
    profile.name,
    formatAddress(profile),
    `${profile.phone.display} · ${profile.email}`,
    'Cet e-mail a été envoyé automatiquement. Vous pouvez y répondre : votre message parviendra à l’atelier.',
  ].map(typeset);

  const htmlBlocks = blocks.map((block) => {
    switch (block.kind) {
      case 'paragraph':
        return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${colors.text}">${escapeHtml(block.text)}</p>`;
      case 'button': {
        const href = escapeHtml(block.url);
        return (
          `<p style="margin:24px 0">` +
          `<a href="${href}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${colors.button};color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none">${escapeHtml(block.label)}</a>` +
          `</p>` +
          `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:${colors.muted}">${escapeHtml(typeset('Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :'))}<br>` +
          `<a href="${href}" style="color:${colors.button};word-break:break-all">${href}</a></p>`
        );
      }
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
    }
  });

  const html =
    `<!DOCTYPE html>\n<html lang="fr" dir="ltr">\n<head>\n<meta charset="utf-8">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n` +
    `<title>${escapeHtml(subject)}</title>\n</head>\n` +
    `<body style="margin:0;padding:0;background:${colors.background};font-family:Arial,Helvetica,sans-serif">\n` +
    `<div role="article" aria-label="${escapeHtml(subject)}" lang="fr" style="max-width:600px;margin:0 auto;padding:24px 16px">\n` +
    `<div style="background:#ffffff;border:1px solid ${colors.border};border-radius:8px;padding:24px">\n` +
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:${colors.text}">${escapeHtml(profile.name)}</p>\n` +
    htmlBlocks.join('\n') +
    `\n</div>\n` +
    `<div style="padding:16px 8px;font-size:13px;line-height:1.5;color:${colors.muted}">\n` +
    footerLines.map((line) => `<p style="margin:0 0 4px">${escapeHtml(line)}</p>`).join('\n') +
    `\n</div>\n</div>\n</body>\n</html>\n`;

  const textBlocks = blocks.map((block) => {
    switch (block.kind) {
      case 'paragraph':
        return block.text;
      case 'button':
        return `${typeset(`${block.label} :`)}\n${block.url}`;
      case 'details':
        return block.rows.map(([label, value]) => typeset(`${label} : ${value}`)).join('\n');
    }
  });
  const text = `${textBlocks.join('\n\n')}\n\n-- \n${footerLines.join('\n')}\n`;

  return { subject, html, text };
}

export type VerificationEmailInput = {
  publicUrl: string;
  token: string;
  firstName?: string;
  /** How long the link works, stated in the mail. */
  validForHours: number;
};

/** The e-mail-verification link: `${PUBLIC_URL}/verify-email?token=…`. */
export function verificationEmail(input: VerificationEmailInput, profile: StoreProfile): MailContent {
  const url = link(input.publicUrl, '/verify-email', { token: input.token });
  return render(profile, `Confirmez votre adresse e-mail – ${profile.name}`, [
    { kind: 'paragraph', text: greeting(input.firstName) },
    {
      kind: 'paragraph',
      text: `Pour activer votre compte ${profile.name} et accéder à vos réparations, factures et commandes, confirmez votre adresse e-mail.`,
    },
    { kind: 'button', label: 'Confirmer mon adresse e-mail', url },
    { kind: 'paragraph', text: `Ce lien est valable ${hours(input.validForHours)} et ne peut servir qu’une fois.` },
    { kind: 'paragraph', text: 'Si vous n’avez pas créé de compte, ignorez simplement cet e-mail : aucun compte ne sera activé.' },
  ]);
}

export type EmailChangeInput = { publicUrl: string; token: string; newEmail: string; firstName?: string; validForHours: number };

/** Sent to the new address: its link proves it, and only then does it replace the login. */
export function emailChangeEmail(input: EmailChangeInput, profile: StoreProfile): MailContent {
  const url = link(input.publicUrl, '/verify-email', { token: input.token });
  return render(profile, `Confirmez votre nouvelle adresse e-mail – ${profile.name}`, [
    { kind: 'paragraph', text: greeting(input.firstName) },
    {
      kind: 'paragraph',
      text: `Vous avez demandé que votre compte ${profile.name} utilise désormais l’adresse ${oneLine(input.newEmail)}. Confirmez-la : elle remplacera l’actuelle pour vous connecter et recevoir nos e-mails.`,
    },
    { kind: 'button', label: 'Confirmer ma nouvelle adresse', url },
    { kind: 'paragraph', text: `Ce lien est valable ${hours(input.validForHours)} et ne peut servir qu’une fois.` },
    { kind: 'paragraph', text: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : rien ne changera.' },
  ]);
}

export type EmailChangeNoticeInput = { publicUrl: string; newEmail: string; firstName?: string };

/** Sent to the current address when a change is asked for, so a stolen session cannot move the account silently. */
export function emailChangeNoticeEmail(input: EmailChangeNoticeInput, profile: StoreProfile): MailContent {
  return render(profile, `Changement d’adresse e-mail demandé – ${profile.name}`, [
    { kind: 'paragraph', text: greeting(input.firstName) },
    {
      kind: 'paragraph',
      text: `Une demande vient d’être faite pour que votre compte ${profile.name} utilise l’adresse ${oneLine(input.newEmail)}. Elle ne prendra effet que lorsque le lien envoyé à cette adresse aura été ouvert. Vos autres appareils ont été déconnectés.`,
    },
    {
      kind: 'paragraph',
      text: `Si vous n’êtes pas à l’origine de cette demande, changez votre mot de passe sans attendre (${input.publicUrl.replace(/\/$/, '')}/forgot-password) et contactez la boutique.`,
    },
  ]);
}

export type PasswordResetEmailInput = {
  publicUrl: string;
  token: string;
  /** The account's address, carried by the link (the reset page reads token and e-mail). */
  email: string;
  firstName?: string;
};

/** The password-reset link: `${PUBLIC_URL}/reset-password?token=…&email=…`, valid 1 hour. */
export function passwordResetEmail(input: PasswordResetEmailInput, profile: StoreProfile): MailContent {
  const url = link(input.publicUrl, '/reset-password', { token: input.token, email: input.email });
  return render(profile, `Réinitialisation de votre mot de passe – ${profile.name}`, [
    { kind: 'paragraph', text: greeting(input.firstName) },
    {
      kind: 'paragraph',
      text: `Vous avez demandé à réinitialiser le mot de passe de votre compte ${profile.name} (${oneLine(input.email)}).`,
    },
    { kind: 'button', label: 'Choisir un nouveau mot de passe', url },
    {
      kind: 'paragraph',
      text: `Ce lien est valable ${hours(PASSWORD_RESET_VALIDITY_HOURS)} et ne peut servir qu’une fois.`,
    },
    {
      kind: 'paragraph',
      text: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe actuel reste valable et personne d’autre ne peut le changer sans ce lien.',
    },
  ]);
}

export type AccountCreatedEmailInput = {
  publicUrl: string;
  email: string;
  firstName?: string;
};

/** Confirmation to the customer that the account exists (the verification mail is separate). */
export function accountCreatedEmail(input: AccountCreatedEmailInput, profile: StoreProfile): MailContent {
  const url = `${input.publicUrl.replace(/\/+$/, '')}/compte`;
  return render(profile, `Votre compte ${profile.name} est créé`, [
    { kind: 'paragraph', text: greeting(input.firstName) },
    {
      kind: 'paragraph',
      text: `Bienvenue ! Votre compte ${profile.name} a bien été créé avec l’adresse ${oneLine(input.email)}.`,
    },
    {
      kind: 'paragraph',
      text: 'Pour voir vos réparations, vos factures et vos commandes, confirmez d’abord votre adresse grâce au lien reçu dans l’e-mail de vérification, puis connectez-vous à votre espace client.',
    },
    { kind: 'button', label: 'Accéder à mon compte', url },
    {
      kind: 'paragraph',
      text: 'Si vous n’avez pas créé ce compte, répondez à cet e-mail pour nous le signaler.',
    },
  ]);
}

export type SignupNoticeEmailInput = {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  accountType: string;
  createdAt: Date;
};

const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/** Notice to the shop that someone registered (never any password or token). */
export function signupNoticeEmail(input: SignupNoticeEmailInput, profile: StoreProfile): MailContent {
  const fullName = oneLine(`${input.firstName} ${input.lastName}`) || oneLine(input.email);
  return render(profile, `Nouvelle inscription : ${fullName}`, [
    { kind: 'paragraph', text: `Un nouveau compte client vient d’être créé sur le site ${profile.name}.` },
    {
      kind: 'details',
      rows: [
        ['Prénom', oneLine(input.firstName) || '—'],
        ['Nom', oneLine(input.lastName) || '—'],
        ['E-mail', oneLine(input.email)],
        ['Téléphone', input.phone ? oneLine(input.phone) : 'non renseigné'],
        ['Type de compte', oneLine(input.accountType) || '—'],
        ['Date', formatWrittenDate(parisDateTime, input.createdAt)],
      ],
    },
    {
      kind: 'paragraph',
      text: 'L’adresse e-mail n’est pas encore vérifiée : le compte ne sera rattaché à une fiche client de l’atelier qu’après sa vérification.',
    },
  ]);
}

// ─── Contact messages and online quotes (issue 8) ───────────────────────────────────────────────

/** A visitor's multi-line text as paragraphs (each escaped by the layout; blank lines dropped). */
function textParagraphs(value: string): Block[] {
  return value
    .split(/\r\n|\r|\n/)
    .map((line) => oneLine(line))
    .filter(Boolean)
    .map((text) => ({ kind: 'paragraph' as const, text }));
}

function photosLine(count: number, where: string): string {
  if (count === 0) return 'aucune';
  return `${count} photo${count > 1 ? 's' : ''}, à consulter dans ${where}`;
}

export type ContactShopEmailInput = {
  id: number;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  imageCount: number;
  createdAt: Date;
};

/**
 * The contact form's message, to the shop only. Built from the structured fields (never from
 * visitor HTML); every value is escaped by the layout. The photos stay in the database (the
 * outbox carries no attachments): the mail says how many there are and where to see them.
 */
export function contactShopEmail(input: ContactShopEmailInput, profile: StoreProfile): MailContent {
  return render(profile, `Message du site : ${oneLine(input.subject)}`, [
    { kind: 'paragraph', text: `Nouveau message reçu depuis le formulaire de contact du site ${profile.name}.` },
    {
      kind: 'details',
      rows: [
        ['Nom', oneLine(input.name)],
        ['E-mail', oneLine(input.email)],
        ['Téléphone', input.phone ? oneLine(input.phone) : 'non renseigné'],
        ['Objet', oneLine(input.subject)],
        ['Date', formatWrittenDate(parisDateTime, input.createdAt)],
        ['Photos', photosLine(input.imageCount, `l’administration (message n° ${input.id})`)],
      ],
    },
    { kind: 'paragraph', text: 'Message :' },
    ...textParagraphs(input.message),
    {
      kind: 'paragraph',
      text: `Pour répondre, écrivez directement à ${oneLine(input.email)} : une réponse à cet e-mail reviendrait à l’atelier.`,
    },
  ]);
}

export type QuoteShopEmailInput = {
  reference: string;
  category: string;
  brand: string;
  model: string;
  fault: string;
  price: string;
  description: string;
  photoCount: number;
  name: string;
  email: string;
  phone: string;
  dropOff: string;
  createdAt: Date;
};

/** A new online quote request, to the shop only. */
export function quoteShopEmail(input: QuoteShopEmailInput, profile: StoreProfile): MailContent {
  return render(profile, `Demande de devis ${input.reference} : ${oneLine(input.category)} ${oneLine(input.brand)} ${oneLine(input.model)}`, [
    { kind: 'paragraph', text: `Nouvelle demande de devis en ligne reçue sur le site ${profile.name}.` },
    {
      kind: 'details',
      rows: [
        ['Référence', input.reference],
        ['Appareil', oneLine(input.category)],
        ['Marque', oneLine(input.brand) || '—'],
        ['Modèle', oneLine(input.model) || '—'],
        ['Panne', oneLine(input.fault)],
        ['Prix indicatif', oneLine(input.price)],
        ['Photos', photosLine(input.photoCount, 'l’administration')],
        ['Nom', oneLine(input.name)],
        ['E-mail', oneLine(input.email)],
        ['Téléphone', oneLine(input.phone)],
        ['Dépôt souhaité', oneLine(input.dropOff)],
        ['Date', formatWrittenDate(parisDateTime, input.createdAt)],
      ],
    },
    ...(input.description.trim() ? [{ kind: 'paragraph' as const, text: 'Description :' }, ...textParagraphs(input.description)] : []),
    { kind: 'paragraph', text: 'Le client a accepté d’être recontacté au sujet de ce devis.' },
  ]);
}

export type QuoteAcknowledgementEmailInput = {
  reference: string;
  /** "mardi 24 novembre, matin (9h30 – 13h30)": built from validated values only (catalogue date and slot). */
  dropOff: string;
};

/**
 * The acknowledgement to the customer. A fixed text: no visitor text at all (not even the name),
 * only the reference and the validated drop-off day, so the form cannot be used to send words of
 * one's choosing to somebody else's address.
 */
export function quoteAcknowledgementEmail(input: QuoteAcknowledgementEmailInput, profile: StoreProfile): MailContent {
  return render(profile, `Votre demande de devis ${input.reference} – ${profile.name}`, [
    { kind: 'paragraph', text: 'Bonjour,' },
    {
      kind: 'paragraph',
      text: `Nous avons bien reçu votre demande de devis, enregistrée sous la référence ${input.reference}. Merci de votre confiance.`,
    },
    {
      kind: 'paragraph',
      text: 'Un technicien l’étudie et vous recontacte par téléphone ou par e-mail dans les meilleurs délais pour vous confirmer le prix et le délai. Les prix affichés sur le site sont indicatifs : le prix définitif est confirmé après diagnostic, et rien n’est réparé sans votre accord.',
    },
    { kind: 'details', rows: [['Référence', input.reference], ['Dépôt souhaité', input.dropOff]] },
    {
      kind: 'paragraph',
      text: `Le jour du dépôt, munissez-vous de votre appareil, de son chargeur si possible, et de cette référence. L’atelier se trouve au ${formatAddress(profile)} (${profile.openingHours.map((slot) => `${slot.days.toLowerCase()} : ${slot.hours.toLowerCase()}`).join(' ; ')}).`,
    },
    {
      kind: 'paragraph',
      text: 'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement cet e-mail : aucune suite ne lui sera donnée.',
    },
  ]);
}

// ─── Go-live checklist (issue 23 §1) ────────────────────────────────────────────────────────────

/** The test mail of the go-live checklist: proof that the SMTP server delivers the shop's mails. */
export function goLiveTestEmail(input: { sentAt: Date; smtpHost: string }, profile: StoreProfile): MailContent {
  return render(profile, `E-mail de test du site ${profile.name}`, [
    { kind: 'paragraph', text: 'Cet e-mail confirme que le site envoie bien ses e-mails : confirmations de commande, liens de connexion, réponses aux messages.' },
    {
      kind: 'details',
      rows: [
        ['Demandé le', formatWrittenDate(parisDateTime, input.sentAt)],
        ['Serveur d’envoi', oneLine(input.smtpHost)],
      ],
    },
    { kind: 'paragraph', text: 'Rien d’autre à faire : la liste « Avant l’ouverture » de la vue d’ensemble le note comme fait.' },
  ]);
}

// ─── Repair invoice paid online (issue 24 §4) ───────────────────────────────────────────────────

export type RepairPaymentReceiptInput = {
  firstName?: string;
  /** Invoice number, or the estimate's number for a deposit. */
  reference: string;
  purpose: 'invoice' | 'deposit';
  amountCents: number;
  method: string;
  paidAt: Date;
  /** What is left to pay on the invoice (null for a deposit). */
  amountDueCents: number | null;
  providerRef: string;
};

const receiptEuros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** The receipt of a payment made online: amount, invoice, method, and what is left to pay. */
export function repairPaymentReceiptEmail(input: RepairPaymentReceiptInput, profile: StoreProfile): MailContent {
  const reference = oneLine(input.reference);
  const amount = receiptEuros.format(input.amountCents / 100);
  const deposit = input.purpose === 'deposit';
  const subject = deposit ? `Reçu de votre acompte (devis ${reference})` : `Reçu de votre paiement (facture ${reference})`;
  const rows: Array<[string, string]> = [
    [deposit ? 'Devis' : 'Facture', reference],
    ['Montant payé', amount],
    ['Moyen de paiement', oneLine(input.method)],
    ['Date', formatWrittenDate(parisDateTime, input.paidAt)],
    ['Référence', oneLine(input.providerRef)],
  ];
  if (input.amountDueCents !== null) rows.push(['Reste à payer', receiptEuros.format(input.amountDueCents / 100)]);
  const closing =
    input.amountDueCents === null
      ? 'Cet acompte sera déduit de la facture de votre réparation.'
      : input.amountDueCents > 0
        ? 'Le reste pourra être réglé en ligne ou à la boutique.'
        : 'Votre facture est entièrement réglée. Merci de votre confiance !';
  // As written until repair-payments.test.ts expects the typeset text (known exception, issue 22 §4.6).
  return render(
    profile,
    subject,
    [
      { kind: 'paragraph', text: greeting(input.firstName) },
      { kind: 'paragraph', text: `Nous avons bien reçu votre paiement de ${amount}. Voici votre reçu :` },
      { kind: 'details', rows },
      { kind: 'paragraph', text: closing },
    ],
  );
}

// ─── Drop-off bookings (issue 24 §3) ────────────────────────────────────────────────────────────

export type BookingEmailEvent = 'confirmed' | 'changed' | 'cancelled';

export type BookingCustomerEmailInput = {
  event: BookingEmailEvent;
  reference: string;
  /** "mercredi 2 décembre 2026 à 14h00" (from the stored slot, never from the form). */
  when: string;
  /** The secret manage link, while the booking can still be changed (none once cancelled). */
  manageUrl?: string;
  cutoffHours: number;
  /** Who cancelled (a cancelled booking only). */
  cancelledBy?: 'customer' | 'staff';
  /** Cancelled because staff closed the day: « mardi 15 décembre 2026 », staff's reason (may be empty), where to book again. */
  closure?: { day: string; reason: string; bookUrl: string };
};

/**
 * To the address typed in the booking form: a fixed text with the reference, the time and the
 * manage link only, no visitor text (not even the name), like the quote acknowledgement.
 */
export function bookingCustomerEmail(input: BookingCustomerEmailInput, profile: StoreProfile): MailContent {
  const reference = oneLine(input.reference);
  const when = oneLine(input.when);
  const closure = input.event === 'cancelled' ? input.closure : undefined;
  const subjects: Record<BookingEmailEvent, string> = {
    confirmed: `Votre rendez-vous de dépôt ${reference} – ${profile.name}`,
    changed: `Votre rendez-vous ${reference} a été déplacé – ${profile.name}`,
    cancelled: closure ? `Fermeture exceptionnelle\u00a0: votre rendez-vous ${reference} est annulé – ${profile.name}` : `Votre rendez-vous ${reference} est annulé – ${profile.name}`,
  };
  const closureReason = closure ? oneLine(closure.reason) : '';
  const openings: Record<BookingEmailEvent, string> = {
    confirmed: `Votre rendez-vous de dépôt est réservé le ${when}, à l’atelier ${profile.name}.`,
    changed: `Votre rendez-vous de dépôt a été déplacé au ${when}.`,
    cancelled: closure
      ? `L’atelier ${profile.name} sera exceptionnellement fermé le ${oneLine(closure.day)}${closureReason ? ` (${closureReason})` : ''}. Nous avons donc dû annuler votre rendez-vous de dépôt du ${when}. Toutes nos excuses pour ce contretemps.`
      : input.cancelledBy === 'staff'
        ? `Nous avons dû annuler votre rendez-vous de dépôt du ${when}. Toutes nos excuses : vous pouvez en réserver un autre sur notre site ou nous appeler au ${profile.phone.display}.`
        : `Votre rendez-vous de dépôt du ${when} est annulé.`,
  };
  const blocks: Block[] = [
    { kind: 'paragraph', text: 'Bonjour,' },
    { kind: 'paragraph', text: openings[input.event] },
    { kind: 'details', rows: [['Référence', reference], [input.event === 'cancelled' ? 'Rendez-vous annulé' : 'Rendez-vous', when], ['Adresse', formatAddress(profile)]] },
  ];
  if (input.event !== 'cancelled') {
    blocks.push({ kind: 'paragraph', text: 'Le fichier joint ajoute ce rendez-vous à votre agenda. Apportez votre appareil, son chargeur si possible, et cette référence.' });
    if (input.manageUrl) {
      blocks.push({ kind: 'button', label: 'Déplacer ou annuler le rendez-vous', url: input.manageUrl });
      blocks.push({
        kind: 'paragraph',
        text: `Ce lien est personnel : il permet de déplacer ou d’annuler ce rendez-vous jusqu’à ${hours(input.cutoffHours)} avant son heure. Ensuite, appelez-nous au ${profile.phone.display}.`,
      });
    }
  } else {
    if (closure) {
      blocks.push({ kind: 'button', label: 'Prendre un nouveau rendez-vous', url: closure.bookUrl });
      blocks.push({ kind: 'paragraph', text: `Vous pouvez aussi nous appeler au ${profile.phone.display}\u00a0: nous trouverons un autre moment ensemble.` });
    }
    blocks.push({ kind: 'paragraph', text: 'Le fichier joint retire ce rendez-vous de votre agenda.' });
  }
  blocks.push({ kind: 'paragraph', text: 'Si vous n’êtes pas à l’origine de ce rendez-vous, ignorez simplement cet e-mail ou signalez-le-nous en y répondant.' });
  return render(profile, subjects[input.event], blocks);
}

export type BookingShopEmailInput = {
  event: BookingEmailEvent;
  reference: string;
  when: string;
  /** The former time of a moved booking. */
  previous?: string;
  name: string;
  email: string;
  phone: string;
  note: string;
  /** « Devis DV-2026-000012 », « Demande D-2026-000034 », or empty. */
  linkedTo: string;
  cancelledBy?: 'customer' | 'staff';
};

/** To the shop: who comes when, with what they wrote (answered to the customer: Reply-To). */
export function bookingShopEmail(input: BookingShopEmailInput, profile: StoreProfile): MailContent {
  const reference = oneLine(input.reference);
  const subjects: Record<BookingEmailEvent, string> = {
    confirmed: `Nouveau rendez-vous de dépôt ${reference} : ${oneLine(input.when)}`,
    changed: `Rendez-vous ${reference} déplacé : ${oneLine(input.when)}`,
    cancelled: `Rendez-vous ${reference} annulé (${input.cancelledBy === 'staff' ? 'par l’atelier' : 'par le client'})`,
  };
  const rows: Array<[string, string]> = [
    ['Référence', reference],
    ['Rendez-vous', oneLine(input.when)],
    ...(input.previous ? ([['Ancien horaire', oneLine(input.previous)]] as Array<[string, string]>) : []),
    ['Nom', oneLine(input.name)],
    ['E-mail', oneLine(input.email)],
    ['Téléphone', oneLine(input.phone)],
    ...(input.linkedTo ? ([['Lié à', oneLine(input.linkedTo)]] as Array<[string, string]>) : []),
  ];
  return render(profile, subjects[input.event], [
    { kind: 'details', rows },
    ...(input.note ? [{ kind: 'paragraph' as const, text: `Note du client : ${input.note}` }] : []),
    { kind: 'paragraph', text: 'Les rendez-vous du jour et de la semaine sont dans l’administration, rubrique « Rendez-vous ».' },
  ]);
}

// ─── Repair estimates (issue 24 §1) ─────────────────────────────────────────────────────────────

export type EstimateCustomerEmailInput = {
  firstName?: string;
  estimateNumber: string;
  /** The number of the estimate this one replaces (a revision), if any. */
  replaces?: string;
  deviceLabel: string;
  /** What the customer pays (after the repair bonus), and the bonus deducted (0: none). */
  toPayCents: number;
  bonusCents: number;
  depositCents: number;
  leadTimeDays: number;
  /** « 29/12/2026 ». */
  validUntil: string;
  /** The secret link: `${PUBLIC_URL}/devis/consulter?token=…`. */
  url: string;
};

const estimateEuros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** The estimate and its secret link, to the customer's address (no account needed to answer). */
export function estimateCustomerEmail(input: EstimateCustomerEmailInput, profile: StoreProfile): MailContent {
  const number = oneLine(input.estimateNumber);
  const subject = input.replaces ? `Votre devis révisé ${number}` : `Votre devis de réparation ${number}`;
  const rows: Array<[string, string]> = [
    ['Devis', number],
    ...(input.deviceLabel ? ([['Appareil', oneLine(input.deviceLabel)]] as Array<[string, string]>) : []),
    ...(input.bonusCents > 0 ? ([['Bonus réparation QualiRépar', `− ${estimateEuros.format(input.bonusCents / 100)}`]] as Array<[string, string]>) : []),
    [input.bonusCents > 0 ? 'Reste à payer après bonus' : 'Montant TTC', estimateEuros.format(input.toPayCents / 100)],
    ...(input.depositCents > 0 ? ([['Acompte demandé', estimateEuros.format(input.depositCents / 100)]] as Array<[string, string]>) : []),
    ['Délai de réparation', input.leadTimeDays === 0 ? 'dans la journée' : input.leadTimeDays === 1 ? '1 jour' : `${input.leadTimeDays} jours`],
    ['Valable jusqu’au', oneLine(input.validUntil)],
  ];
  return render(profile, subject, [
    { kind: 'paragraph', text: greeting(input.firstName) },
    {
      kind: 'paragraph',
      text: input.replaces
        ? `Voici la version révisée de votre devis : elle remplace le devis ${oneLine(input.replaces)}, dont le lien ne fonctionne plus.`
        : 'Voici le devis de la réparation de votre appareil.',
    },
    { kind: 'details', rows },
    { kind: 'button', label: 'Consulter et répondre au devis', url: input.url },
    { kind: 'paragraph', text: `Ce lien est personnel : il permet d’accepter ou de refuser ce devis, sans compte, jusqu’au ${oneLine(input.validUntil)}. Ne le transférez pas.` },
  ]);
}

export type EstimateDecisionShopEmailInput = {
  estimateNumber: string;
  decision: 'accepted' | 'declined';
  customerName: string;
  email: string;
  phone: string;
  ticketNumber: string | null;
  toPayCents: number;
  reason: string;
  decidedAt: Date;
};

/** To the shop: the customer accepted or declined an estimate (answered to the customer: Reply-To). */
export function estimateDecisionShopEmail(input: EstimateDecisionShopEmailInput, profile: StoreProfile): MailContent {
  const number = oneLine(input.estimateNumber);
  const accepted = input.decision === 'accepted';
  const subject = accepted ? `Devis ${number} accepté par le client` : `Devis ${number} refusé par le client`;
  const rows: Array<[string, string]> = [
    ['Devis', number],
    ['Réponse', accepted ? 'Accepté' : 'Refusé'],
    ['Le', formatWrittenDate(parisDateTime, input.decidedAt)],
    ['Client', oneLine(input.customerName)],
    ['E-mail', oneLine(input.email)],
    ...(input.phone ? ([['Téléphone', oneLine(input.phone)]] as Array<[string, string]>) : []),
    ...(input.ticketNumber ? ([['Ticket', oneLine(input.ticketNumber)]] as Array<[string, string]>) : []),
    ['Montant', estimateEuros.format(input.toPayCents / 100)],
  ];
  return render(profile, subject, [
    { kind: 'details', rows },
    ...(input.reason ? [{ kind: 'paragraph' as const, text: `Motif donné par le client : ${input.reason}` }] : []),
    { kind: 'paragraph', text: 'Le devis et sa réponse sont dans l’administration, rubrique « Devis ».' },
  ]);
}
