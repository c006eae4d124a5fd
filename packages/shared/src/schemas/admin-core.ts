import { z } from '../zod.js';
import { inboxStatuses } from './common.js';
import { multiLineChars, singleLineText } from './contact.js';

/**
 * Staff API, "core" part (issue 9): staff accounts, overview, inbox (contact messages and quote
 * requests), mail outbox and push campaigns. Request schemas are the routes' own; response
 * schemas let the dashboard parse what it gets. See docs/admin-api.md.
 */

export const adminCoreMessages = {
  pageInvalid: 'Page invalide',
  pageSizeInvalid: 'Taille de page invalide',
  searchTooLong: 'La recherche ne doit pas dépasser 100 caractères',
  searchInvalid: 'Recherche invalide',
  idInvalid: 'Identifiant invalide',
  statusInvalid: 'Statut invalide',
  emailRequired: 'Veuillez indiquer une adresse e-mail',
  emailInvalid: 'Adresse e-mail invalide',
  // Staff
  staffNoAccount: 'Aucun compte n’existe avec cette adresse\u00a0: la personne doit d’abord créer son compte.',
  staffNotVerified: 'Ce compte n’a pas encore confirmé son adresse e-mail\u00a0: la personne doit d’abord cliquer sur le lien reçu.',
  staffDisabled: 'Ce compte est désactivé\u00a0: il ne peut pas devenir administrateur.',
  staffAlreadyAdmin: 'Ce compte est déjà administrateur.',
  staffAdded: (email: string) => `${email} est maintenant administrateur.`,
  staffRemoved: (email: string) => `${email} n’est plus administrateur.`,
  staffNotFound: 'Administrateur introuvable',
  staffSelf: 'Vous ne pouvez pas retirer vos propres droits d’administrateur\u00a0: demandez à un autre administrateur.',
  staffLast: 'Impossible de retirer le dernier administrateur\u00a0: ajoutez-en un autre d’abord.',
  // Inbox
  messageNotFound: 'Message introuvable',
  quoteNotFound: 'Demande introuvable',
  attachmentNotFound: 'Photo introuvable',
  statusSaved: 'Statut enregistré',
  replySubjectRequired: 'Veuillez indiquer l’objet de la réponse',
  replySubjectTooLong: 'L’objet ne doit pas dépasser 150 caractères',
  replyRequired: 'Veuillez écrire votre réponse',
  replyTooLong: 'La réponse ne doit pas dépasser 10000 caractères',
  replyQueued: (email: string) => `Réponse envoyée à ${email}`,
  heldInvalid: 'Filtre «\u00a0retenu\u00a0» invalide (true ou false)',
  messageReleased: 'Message libéré\u00a0: il a été transmis à l’adresse de la boutique.',
  quoteReleased: 'Demande libérée\u00a0: elle a été transmise à l’adresse de la boutique.',
  notHeld: 'Cet élément n’était pas retenu\u00a0: rien n’a changé.',
  // Outbox
  mailNotFound: 'E-mail introuvable',
  mailAlreadySent: 'Cet e-mail est déjà parti\u00a0: il ne peut pas être renvoyé.',
  mailSending: 'Cet e-mail est en cours d’envoi\u00a0: réessayez dans un instant.',
  mailRetried: 'L’e-mail sera renvoyé dans un instant.',
  // Campaigns
  campaignKindInvalid: 'Type de campagne invalide (promo ou vente flash)',
  campaignTitleRequired: 'Veuillez indiquer un titre',
  campaignTitleTooLong: 'Le titre ne doit pas dépasser 100 caractères',
  campaignBodyRequired: 'Veuillez écrire le texte de la notification',
  campaignBodyTooLong: 'Le texte ne doit pas dépasser 500 caractères',
  campaignCodeInvalid: 'Code promo invalide',
  campaignUrlInvalid: 'Le lien doit être une adresse de ce site commençant par / (par exemple /boutique)',
  campaignCouponUnknown: (code: string) => `Le code promo ${code} n’existe pas.`,
  campaignCouponUnpublished: (code: string) => `Le code promo ${code} n’est pas publié.`,
  campaignCouponExpired: (code: string) => `Le code promo ${code} a expiré.`,
  campaignConfirmRequired: 'Nombre de destinataires à confirmer manquant',
  campaignRecipientsChanged: 'Le nombre de destinataires a changé\u00a0: vérifiez l’aperçu.',
  campaignNoRecipients: 'Aucun client n’a accepté de recevoir ce type de notification\u00a0: rien n’a été envoyé.',
  campaignSent: (count: number) => `Campagne envoyée à ${count} client${count > 1 ? 's' : ''}.`,
  campaignAlreadySent: 'Cette campagne a déjà été envoyée aujourd’hui\u00a0: elle n’a pas été renvoyée.',
} as const;

const m = adminCoreMessages;

// ─── Common pieces ───────────────────────────────────────────────────────────────────────────────

export const adminPageQuerySchema = z.object({
  page: z.coerce.number({ error: m.pageInvalid }).int({ error: m.pageInvalid }).min(1, { error: m.pageInvalid }).max(100_000, { error: m.pageInvalid }).optional(),
  pageSize: z.coerce
    .number({ error: m.pageSizeInvalid })
    .int({ error: m.pageSizeInvalid })
    .min(1, { error: m.pageSizeInvalid })
    .max(100, { error: m.pageSizeInvalid })
    .optional(),
});

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Free search text (name, e-mail, subject…): one line, 100 characters. */
export const adminSearchSchema = z
  .string()
  .max(100, { error: m.searchTooLong })
  .refine((value) => !CONTROL.test(value), { error: m.searchInvalid })
  .trim()
  .optional();

export const adminIdSchema = z.coerce.number({ error: m.idInvalid }).int({ error: m.idInvalid }).min(1, { error: m.idInvalid }).max(2_147_483_647, { error: m.idInvalid });
export const adminIdParamsSchema = z.object({ id: adminIdSchema });

export const paginationSchema = z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });

// ─── Staff ───────────────────────────────────────────────────────────────────────────────────────

export const staffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  createdAt: z.string(),
  disabled: z.boolean(),
  /** A second factor (TOTP) is active on the account (issue 23 §5); given by the list. */
  twoFactor: z.boolean().optional(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListResponseSchema = z.object({ success: z.literal(true), data: z.array(staffMemberSchema) });

export const staffAddBodySchema = z.object({
  email: z
    .string({ error: m.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: m.emailRequired })
    .max(254, { error: m.emailInvalid })
    .pipe(z.email({ error: m.emailInvalid })),
});
export type StaffAddBody = z.infer<typeof staffAddBodySchema>;

export const staffChangeResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: staffMemberSchema });

// ─── Overview ────────────────────────────────────────────────────────────────────────────────────

export const overviewSchema = z.object({
  /** null with the RepairDesk backend (tickets are not held here): see `repairNote`. */
  tickets: z
    .object({
      open: z.number().int(),
      byStatus: z.array(z.object({ status: z.string(), color: z.string(), type: z.enum(['Open', 'Closed']), count: z.number().int() })),
    })
    .nullable(),
  /** null with the RepairDesk backend. */
  invoices: z.object({ unpaid: z.number().int(), unpaidCents: z.number().int() }).nullable(),
  repairNote: z.string().nullable(),
  orders: z.object({ processing: z.number().int(), onHold: z.number().int(), toHandle: z.number().int() }),
  inbox: z.object({
    messagesNew: z.number().int(),
    messagesInProgress: z.number().int(),
    quotesNew: z.number().int(),
    quotesInProgress: z.number().int(),
  }),
  mail: z.object({ failed: z.number().int() }),
  /**
   * « Devis à traiter » (issue 24 §1): customers' answers of the last 14 days staff still have to act
   * on (acceptances whose ticket has not moved on, declines), the newest few and the counts.
   */
  estimates: z.object({
    accepted: z.number().int(),
    declined: z.number().int(),
    recent: z.array(
      z.object({
        id: z.number().int(),
        estimateNumber: z.string(),
        status: z.enum(['accepted', 'declined']),
        customerName: z.string(),
        ticketNumber: z.string().nullable(),
        toPayCents: z.number().int(),
        decidedAt: z.string(),
      }),
    ),
  }),
  /** 30 entries, oldest first, today (Europe/Paris) last; zeros included. */
  sales: z.array(z.object({ day: z.string(), totalCents: z.number().int(), orders: z.number().int() })),
});
export type AdminOverview = z.infer<typeof overviewSchema>;
export const overviewResponseSchema = z.object({ success: z.literal(true), data: overviewSchema });

// ─── Inbox ───────────────────────────────────────────────────────────────────────────────────────

export const inboxStatusSchema = z.enum(inboxStatuses, { error: m.statusInvalid });

export const inboxListQuerySchema = adminPageQuerySchema.extend({
  status: inboxStatusSchema.optional(),
  q: adminSearchSchema,
  /** Only the items held (true) or not held (false) by the site-wide safety valve. */
  held: z.enum(['true', 'false'], { error: m.heldInvalid }).optional(),
});
export type InboxListQuery = z.infer<typeof inboxListQuerySchema>;

const fileSchema = z.object({ id: z.number().int(), mimeType: z.string(), sizeBytes: z.number().int() });

export const inboxMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(inboxStatuses),
  /** Held back for staff review by the site-wide safety valve: not mailed to the shop until released. */
  held: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  attachments: z.array(fileSchema),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxQuoteSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  category: z.string(),
  brand: z.string(),
  model: z.string(),
  fault: z.string(),
  faultLabel: z.string(),
  priceFromEuros: z.number().int().nullable(),
  description: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  dropOffDate: z.string(),
  dropOffSlot: z.enum(['matin', 'apres-midi']),
  status: z.enum(inboxStatuses),
  held: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  photos: z.array(fileSchema),
});
export type InboxQuote = z.infer<typeof inboxQuoteSchema>;

export const inboxMessagesResponseSchema = z.object({ success: z.literal(true), data: z.array(inboxMessageSchema), pagination: paginationSchema });
export const inboxQuotesResponseSchema = z.object({ success: z.literal(true), data: z.array(inboxQuoteSchema), pagination: paginationSchema });
export const inboxMessageResponseSchema = z.object({ success: z.literal(true), data: inboxMessageSchema, message: z.string().optional() });
export const inboxQuoteResponseSchema = z.object({ success: z.literal(true), data: inboxQuoteSchema, message: z.string().optional() });

export const inboxStatusBodySchema = z.object({ status: z.enum(inboxStatuses, { error: m.statusInvalid }) });

export const INBOX_REPLY_MAX = 10_000;

/**
 * A reply by e-mail to the sender's own address (never one typed here). `status` is what the item
 * becomes once the reply is queued: `handled` unless told otherwise.
 */
export const inboxReplyBodySchema = z.object({
  subject: singleLineText(150, m.replySubjectRequired, m.replySubjectTooLong).optional(),
  message: multiLineChars(m.replyRequired).trim().min(1, { error: m.replyRequired }).max(INBOX_REPLY_MAX, { error: m.replyTooLong }),
  status: z.enum(['in_progress', 'handled'], { error: m.statusInvalid }).optional(),
});
export type InboxReplyBody = z.input<typeof inboxReplyBodySchema>;

export const inboxReplyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ mailId: z.number().int(), to: z.string(), subject: z.string(), status: z.enum(inboxStatuses) }),
});

// ─── Mail outbox ─────────────────────────────────────────────────────────────────────────────────

export const mailStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];
export const mailStatusLabels: Record<MailStatus, string> = { pending: 'En attente', sending: 'En cours d’envoi', sent: 'Envoyé', failed: 'Échec' };

export const outboxListQuerySchema = adminPageQuerySchema.extend({
  status: z.enum(mailStatuses, { error: m.statusInvalid }).optional(),
  q: adminSearchSchema,
});
export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;

export const outboxItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;
export const outboxMailSchema = outboxItemSchema.extend({ text: z.string(), html: z.string() });
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxListResponseSchema = z.object({ success: z.literal(true), data: z.array(outboxItemSchema), pagination: paginationSchema });
export const outboxMailResponseSchema = z.object({ success: z.literal(true), data: outboxMailSchema, message: z.string().optional() });

// ─── Campaigns ───────────────────────────────────────────────────────────────────────────────────

export const campaignKinds = ['promo', 'flash'] as const;
export type CampaignKind = (typeof campaignKinds)[number];
export const campaignKindLabels: Record<CampaignKind, string> = { promo: 'Code promo', flash: 'Vente flash' };

/** A path of this site: '/…' but never '//…' or '/\…' (another site). */
const SITE_PATH = /^\/(?![/\\])[^\s<>"'`]*$/;

export const campaignBodySchema = z.object({
  kind: z.enum(campaignKinds, { error: m.campaignKindInvalid }),
  title: singleLineText(100, m.campaignTitleRequired, m.campaignTitleTooLong),
  body: multiLineChars(m.campaignBodyRequired).trim().min(1, { error: m.campaignBodyRequired }).max(500, { error: m.campaignBodyTooLong }),
  code: z
    .string({ error: m.campaignCodeInvalid })
    .trim()
    .toUpperCase()
    .max(50, { error: m.campaignCodeInvalid })
    .refine((value) => value === '' || /^[A-Z0-9][A-Z0-9_-]*$/.test(value), { error: m.campaignCodeInvalid })
    .optional(),
  url: z
    .string({ error: m.campaignUrlInvalid })
    .trim()
    .max(300, { error: m.campaignUrlInvalid })
    .refine((value) => value === '' || SITE_PATH.test(value), { error: m.campaignUrlInvalid })
    .optional(),
});
export type CampaignBody = z.input<typeof campaignBodySchema>;

export const campaignSendBodySchema = campaignBodySchema.extend({
  confirmRecipients: z.number({ error: m.campaignConfirmRequired }).int({ error: m.campaignConfirmRequired }).min(0, { error: m.campaignConfirmRequired }),
});
export type CampaignSendBody = z.input<typeof campaignSendBodySchema>;

/** The notification each recipient gets (what the preview shows). */
export const campaignNotificationSchema = z.object({
  type: z.enum(campaignKinds),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  promoCode: z.string().nullable(),
});

export const campaignPreviewResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ recipients: z.number().int(), notification: campaignNotificationSchema }),
});

export const campaignSchema = z.object({
  id: z.number().int(),
  kind: z.enum(campaignKinds),
  title: z.string(),
  body: z.string(),
  code: z.string(),
  url: z.string(),
  recipients: z.number().int(),
  pushesQueued: z.number().int(),
  actorEmail: z.string(),
  createdAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignSendResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: campaignSchema.extend({ duplicate: z.boolean() }),
});
export const campaignListResponseSchema = z.object({ success: z.literal(true), data: z.array(campaignSchema), pagination: paginationSchema });
