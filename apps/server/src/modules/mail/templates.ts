import { formatAddress, type StoreProfile } from '@erepare/shared/store-profile';

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

/** One line of text: no control characters (no forged lines, no header tricks), spaces collapsed. */
function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
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

/** Lays the blocks out as an HTML page and as text, with the store's identity in the footer. */
function render(profile: StoreProfile, subject: string, blocks: Block[]): MailContent {
  const footerLines = [
    profile.name,
    formatAddress(profile),
    `${profile.phone.display} · ${profile.email}`,
    'Cet e-mail a été envoyé automatiquement. Vous pouvez y répondre : votre message parviendra à l’atelier.',
  ];

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
          `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:${colors.muted}">Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :<br>` +
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
        return `${block.label} :\n${block.url}`;
      case 'details':
        return block.rows.map(([label, value]) => `${label} : ${value}`).join('\n');
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
        ['Date', parisDateTime.format(input.createdAt)],
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
        ['Date', parisDateTime.format(input.createdAt)],
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
        ['Date', parisDateTime.format(input.createdAt)],
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
        ['Demandé le', parisDateTime.format(input.sentAt)],
        ['Serveur d’envoi', oneLine(input.smtpHost)],
      ],
    },
    { kind: 'paragraph', text: 'Rien d’autre à faire : la liste « Avant l’ouverture » de la vue d’ensemble le note comme fait.' },
  ]);
}
