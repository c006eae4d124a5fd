/**
 * Notifications (spec 1 §3, §4, §8, §9): constants, types, push type mapping, the message of
 * each ticket status and the French texts. One source for the server, the service worker's
 * defaults and the web app.
 */

export const NOTIFICATION_TYPES = ['ticket', 'promo', 'store', 'flash'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Spec 1 §9. */
export const NOTIFICATION_HISTORY_LIMIT = 50;
export const NOTIFICATION_PURGE_DAYS = 30;
export const NOTIFICATION_TOAST_MS = 3000;
export const DESKTOP_NOTIFICATION_CLOSE_MS = 5000;
export const DESKTOP_NOTIFICATION_CLOSE_LONG_MS = 15_000;
export const WELCOME_NOTIFICATION_DELAY_MS = 2000;

/**
 * Spec 1 §9: a desktop notification closes by itself after 5 s in one flow and 15 s in another.
 * The welcome (and test) notification of a new subscription is a confirmation: 5 s. A status or
 * shop notification carries news to read: 15 s. One that asks something of the customer
 * (requireInteraction) stays until they act.
 */
export const NOTIFICATION_AUTO_CLOSE_MS = { welcome: 5_000, news: 15_000 } as const;

type ClosableNotification = { data?: unknown; close(): void };
type NotificationRegistration = { getNotifications(filter?: { tag?: string }): Promise<readonly ClosableNotification[]> };

/**
 * Closes, after `delayMs`, the notification shown under `tag` with `marker` in its data (a newer
 * one that replaced it under the same tag stays). `wait` is the timer (tests pass a fake one).
 */
export async function closeNotificationLater(
  registration: NotificationRegistration,
  tag: string,
  marker: string,
  delayMs: number,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<number> {
  await wait(delayMs);
  let closed = 0;
  for (const notification of await registration.getNotifications({ tag })) {
    const data = notification.data as { shownMarker?: unknown } | null | undefined;
    if (data?.shownMarker === marker) {
      notification.close();
      closed += 1;
    }
  }
  return closed;
}
export const PERMISSION_WAIT_MS = 10_000;
export const PUSH_INIT_RETRIES = 3;
export const PUSH_INIT_RETRY_DELAY_MS = 1000;
export const SERVICE_WORKER_ACTIVATION_TIMEOUT_MS = 10_000;
export const PUSH_TOKEN_REFRESH_DAYS = 7;
export const TICKET_CHECK_INTERVAL_MS = 30_000;
export const INSTALL_BANNER_DELAY_MS = 3000;
export const TEST_LOG_LINES = 20;

/** Push defaults (spec 1 §9). */
export const PUSH_DEFAULTS = {
  body: 'Nouvelle notification',
  url: '/compte?tab=notifications',
  vibrate: [200, 100, 200],
} as const;

/** Preferences and their defaults (spec 1 §3). */
export type NotificationPreferences = {
  promosCodes: boolean;
  ticketUpdates: boolean;
  storeNews: boolean;
  flashSales: boolean;
  realTimeTracking: boolean;
};
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  promosCodes: true,
  ticketUpdates: true,
  storeNews: false,
  flashSales: true,
  realTimeTracking: false,
};

/**
 * A user's preferences until they save their own: the defaults, except that promo codes and flash
 * sales follow the marketing consent given (or declined) at sign-up — a « non » is never
 * turned into ticked boxes.
 */
export function defaultPreferencesFor(marketingConsent: boolean): NotificationPreferences {
  return { ...DEFAULT_NOTIFICATION_PREFERENCES, promosCodes: marketingConsent, flashSales: marketingConsent };
}

/** The preference that lets a notification of this type through. */
export function preferenceFor(type: NotificationType): keyof NotificationPreferences {
  switch (type) {
    case 'ticket':
      return 'ticketUpdates';
    case 'promo':
      return 'promosCodes';
    case 'flash':
      return 'flashSales';
    default:
      return 'storeNews';
  }
}

/**
 * Incoming push type mapping (spec 1 §4): ticket or repair = ticket; promo or coupon = promo;
 * flash or flash-sale = flash (an incoming flash-sale is stored as flash); anything else = store.
 */
export function storedTypeOf(pushType: string | undefined | null): NotificationType {
  const type = (pushType ?? '').trim().toLowerCase();
  if (type === 'ticket' || type === 'repair') return 'ticket';
  if (type === 'promo' || type === 'coupon') return 'promo';
  if (type === 'flash' || type === 'flash-sale') return 'flash';
  return 'store';
}

/** "99+" above 99 unread (spec 1 §2). */
export function unreadBadge(count: number): string {
  return count > 99 ? '99+' : String(Math.max(0, Math.floor(count)));
}

/** A status asking something of the customer ("attente") flags the notification actionRequired. */
export function isActionRequired(status: string): boolean {
  return status.toLowerCase().includes('attente');
}

const STATUS_MESSAGES: Record<string, string> = {
  'en cours de diagnostic': 'Votre appareil est en cours de diagnostic par notre technicien.',
  'en cours de réparation': 'Bonne nouvelle\u00a0: la réparation de votre appareil a commencé.',
  'réparation terminée': 'La réparation de votre appareil est terminée. Nous vous prévenons dès qu’il est prêt à être récupéré.',
  'prêt pour récupération': 'Votre appareil est prêt\u00a0! Vous pouvez venir le récupérer en boutique du mardi au samedi, 9h30-13h30 et 14h30-18h00.',
  'en attente de pièces': 'Nous attendons une pièce pour votre réparation. Nous reprenons dès sa réception.',
  'devis en attente': 'Un devis vous attend\u00a0: merci de nous donner votre accord pour lancer la réparation.',
  'réparation impossible': 'Malheureusement, la réparation de votre appareil n’est pas possible. Contactez-nous pour en parler.',
  livré: 'Votre appareil vous a été remis. Merci de votre confiance\u00a0!',
};

/** The message of a ticket's new status (spec 1 §4: statuses are free text compared in lower case). */
export function ticketStatusMessage(ticketNumber: string, status: string): string {
  const known = STATUS_MESSAGES[status.trim().toLowerCase()];
  return known ?? `Le statut de votre ticket ${ticketNumber} a changé\u00a0: ${status.trim()}.`;
}

export function ticketNotificationTitle(ticketNumber: string): string {
  return `Ticket ${ticketNumber} mis à jour`;
}

/**
 * A visitor without an account follows one ticket from the public tracking page (issue 7, beyond
 * the spec): after proving it with the postal code or the last 4 digits of the phone on file.
 */
/** The notification action a visitor's ticket push carries; the worker handles it. */
export const VISITOR_UNFOLLOW_ACTION = 'unfollow';

/**
 * Where the page keeps, for the service worker, the secret that stops a visitor's follow (Cache
 * Storage). Not under the worker's "erepare-" prefix: a new worker version must not drop it.
 */
export const VISITOR_FOLLOW_CACHE = 'erepare_visitor_follow';
export const VISITOR_FOLLOW_KEY = '/__visitor-follow';

export const visitorFollowMessages = {
  proofFormat: 'Indiquez les 4 derniers chiffres du numéro de téléphone enregistré pour ce ticket.',
  // One answer for a wrong number, an unknown ticket and a ticket locked for the day: it reveals nothing.
  proofMismatch: (id: string) =>
    `Impossible de vérifier le ticket ${id}\u00a0: les 4 chiffres ne correspondent pas au téléphone enregistré, ou trop d’essais ont été faits aujourd’hui pour ce ticket. Réessayez demain ou appelez l’atelier.`,
  ownedByAccount: 'Ce navigateur reçoit déjà les notifications d’un compte client\u00a0: ajoutez ce ticket au suivi depuis «\u00a0Mon compte\u00a0».',
  following: (id: string) => `Vous serez averti ici à chaque changement du ticket ${id}.`,
  stopped: (id: string) => `Vous ne suivez plus le ticket ${id}.`,
  nothingToStop: 'Aucun suivi n’est actif sur ce navigateur.',
  unfollowAction: 'Ne plus suivre',
} as const;

/** The French texts of spec 1 §8 for notifications. */
export const notificationMessages = {
  unsupported: 'Ce navigateur ne supporte pas les notifications',
  cannotEnable: "Impossible d'activer les notifications",
  permissionDenied: 'Permission refusée pour les notifications',
  pushUnsupported: 'Notifications non supportées par ce navigateur',
  manageError: 'Erreur lors de la gestion des notifications',
  disableError: 'Erreur lors de la désactivation des notifications',
  copyError: 'Erreur lors de la copie du code',
  copied: 'Code promo copié',
  enabled: 'Notifications activées !',
  disabled: 'Notifications désactivées',
  ticketNotAllowed: (id: string) => `Ticket ${id} non autorisé ou introuvable`,
  ticketValidationError: (id: string) => `Erreur lors de la validation du ticket ${id}`,
  ticketAdded: (id: string) => `Ticket ${id} ajouté au suivi`,
  ticketRemoved: (id: string) => `Ticket ${id} retiré du suivi`,
  ticketAlreadyTracked: 'Ce ticket est déjà suivi',
  ticketEmpty: 'Veuillez entrer un numéro de ticket',
  ticketFormat: 'Format de ticket invalide. Utilisez T-6632 ou 6632',
  subscriptionSaveError: 'Erreur sauvegarde abonnement',
  fcmSaveError: 'Erreur sauvegarde abonnement FCM',
  fcmInitError: "Impossible d'initialiser Firebase Messaging",
  fcmTokenRequired: 'Token FCM requis pour test serveur',
  fcmNotConfigured: 'Les notifications cloud (FCM) ne sont pas configurées sur ce serveur\u00a0: les notifications Web Push restent actives.',
  swNotActive: 'Le service worker n’est pas actif. Rechargez la page puis réessayez.',
  swNotInitialised: 'Le service worker n’est pas initialisé. Rechargez la page.',
  reloadPage: 'Rechargez la page puis réessayez.',
  pushManagerUnsupported: 'Ce navigateur ne prend pas en charge les notifications push.',
  blockedInSettings: 'Les notifications sont bloquées dans les réglages du navigateur.',
  permissionRefused: 'Permission refusée',
  permissionNotGranted: 'La permission de notification n’a pas été accordée.',
  /** Notifications are allowed, yet the browser refuses the push subscription (private window, push service blocked). */
  pushRefusedByBrowser:
    'Les notifications sont autorisées, mais ce navigateur refuse l’abonnement push (navigation privée ou service push bloqué). Essayez dans une fenêtre normale ou un autre navigateur.',
  swRequiredOnMobile: 'Sur mobile, les notifications nécessitent un service worker\u00a0: installez l’application ou utilisez un navigateur compatible.',
  testsFailed: 'Erreur durant les tests',
  installError: "Une erreur est survenue lors de l'installation. Veuillez réessayer.",
  notificationNotFound: 'Notification introuvable',
  invalidSubscription: 'Abonnement push invalide',
} as const;
