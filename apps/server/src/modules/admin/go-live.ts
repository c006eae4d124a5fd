import { desc, eq } from 'drizzle-orm';
import { isLocalPublicUrl, profileProblems } from '@erepare/shared/go-live';
import { goLiveMessages, type GoLiveItem, type GoLiveReport } from '@erepare/shared/schemas/go-live';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import type { AuthenticatedSession } from '../auth/service.js';
import type { Mailer } from '../mail/mailer.js';
import { goLiveTestEmail } from '../mail/templates.js';
import { recordAudit } from './audit.js';
import { createBrevoSmsProvider } from '../../adapters/sms/brevo.js';
import { createPaypalClient } from '../payments/paypal-client.js';
import { createStripeClient } from '../payments/stripe-client.js';
import { getStoreProfile } from '../settings/store-profile.js';

/**
 * « Avant l’ouverture » (issue 23 §1): what is left before the shop opens, shown on the admin
 * overview until all is done and printed by `npm start` at start-up. Each item says where it is
 * fixed. The checks read the database and the configuration; the payment providers are asked
 * once (credentials accepted, the API answers), and the answer is kept a minute.
 */

const PROVIDER_TIMEOUT_MS = 5_000;
const PROVIDER_ANSWER_TTL_MS = 60_000;

/** Extra checks other modules provide (backups, staff two-factor sign-in), absent until they exist. */
export type GoLiveSources = {
  backup?: () => Promise<{ done: boolean; detail: string }>;
  twoFactor?: () => Promise<{ done: boolean; detail: string }>;
};

const settingsHref = '/admin-dashboard?section=parametres';
const docsDeploy = 'docs/deploy.md';

function profileItem(problems: ReturnType<typeof profileProblems>): GoLiveItem {
  return {
    id: 'profile',
    title: 'Profil de la boutique complet et exact',
    done: problems.length === 0,
    detail:
      problems.length === 0
        ? 'Identité, adresse, SIRET, coordonnées bancaires, hébergeur et médiateur sont renseignés.'
        : `${problems.length} ${problems.length > 1 ? 'champs à corriger' : 'champ à corriger'} dans Paramètres → Profil de la boutique.`,
    problems: problems.map((problem) => problem.message),
    href: settingsHref,
  };
}

type TestMail = { status: string; sentAt: Date | null; lastError: string | null; to: string };

async function lastTestMail(db: Db): Promise<TestMail | null> {
  const [row] = await db
    .select({ status: mailOutbox.status, sentAt: mailOutbox.sentAt, lastError: mailOutbox.lastError, to: mailOutbox.toAddress })
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, 'go_live_test'))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row ?? null;
}

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

function mailItem(config: Config, test: TestMail | null): GoLiveItem {
  const base = { id: 'mail' as const, title: 'E-mails envoyés par un vrai serveur SMTP', href: null, problems: [] as string[] };
  if (!config.mail.smtpUrl) {
    return { ...base, done: false, detail: 'SMTP_URL n’est pas défini\u00a0: les e-mails sont écrits en fichiers .eml dans le dossier de données, aucun client ne les reçoit.' };
  }
  if (!test) return { ...base, done: false, detail: 'SMTP configuré. Envoyez-vous l’e-mail de test pour vérifier qu’il arrive.', action: 'test-mail' };
  if (test.status === 'sent' && test.sentAt) {
    return { ...base, done: true, detail: `E-mail de test remis au serveur SMTP le ${dateTime.format(test.sentAt)} pour ${test.to}.`, action: 'test-mail' };
  }
  if (test.status === 'failed') return { ...base, done: false, detail: `L’e-mail de test n’a pas pu partir\u00a0: ${test.lastError ?? 'erreur inconnue'}.`, action: 'test-mail' };
  return { ...base, done: false, detail: `E-mail de test en cours d’envoi${test.lastError ? ` (dernière erreur\u00a0: ${test.lastError})` : ''}.`, action: 'test-mail' };
}

function httpsItem(config: Config): GoLiveItem {
  const local = isLocalPublicUrl(config.publicUrl);
  const https = config.publicUrl.startsWith('https://');
  return {
    id: 'https',
    title: 'Adresse publique du site en https',
    done: https && !local,
    detail:
      https && !local
        ? `Le site répond sur ${config.publicUrl}.`
        : `PUBLIC_URL vaut ${config.publicUrl}\u00a0: indiquez l’adresse https du site (voir ${docsDeploy}).`,
    problems: [],
    href: null,
  };
}

type ProviderAnswer = { name: string; ok: boolean; error?: string };

function failure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 160 ? `${message.slice(0, 157)}…` : message;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`pas de réponse en ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function askProviders(config: Config): Promise<ProviderAnswer[]> {
  const { stripe, paypal } = config.payments;
  const asks: Promise<ProviderAnswer>[] = [];
  if (stripe) {
    asks.push(
      withTimeout(createStripeClient(stripe).paymentIntents.list({ limit: 1 }), PROVIDER_TIMEOUT_MS).then(
        () => ({ name: 'Stripe', ok: true }),
        (error: unknown) => ({ name: 'Stripe', ok: false, error: failure(error) }),
      ),
    );
  }
  if (paypal) {
    asks.push(
      withTimeout(createPaypalClient({ ...paypal, timeoutMs: PROVIDER_TIMEOUT_MS }).verifyCredentials(), PROVIDER_TIMEOUT_MS).then(
        () => ({ name: 'PayPal', ok: true }),
        (error: unknown) => ({ name: 'PayPal', ok: false, error: failure(error) }),
      ),
    );
  }
  return Promise.all(asks);
}

function paymentsItem(answers: ProviderAnswer[]): GoLiveItem {
  const base = { id: 'payments' as const, title: 'Paiements en ligne configurés et joignables', href: null, problems: [] as string[] };
  if (answers.length === 0) return { ...base, done: true, detail: 'Aucun paiement en ligne configuré\u00a0: virement et paiement en boutique seulement.' };
  const failed = answers.filter((answer) => !answer.ok);
  return {
    ...base,
    done: failed.length === 0,
    detail: failed.length === 0 ? `${answers.map((answer) => answer.name).join(' et ')}\u00a0: clés acceptées, le service répond.` : 'Un service de paiement ne répond pas ou refuse les clés.',
    problems: failed.map((answer) => `${answer.name} : ${answer.error ?? 'refus'}`),
  };
}

/** Service SMS (issue 24 §5), for information: optional, so « not configured » is not a missing step; a configured Brevo that refuses the key is. */
async function askSms(config: Config): Promise<ProviderAnswer | null> {
  if (!config.sms) return null;
  const provider = createBrevoSmsProvider({ ...config.sms, timeoutMs: PROVIDER_TIMEOUT_MS });
  return provider.check().then(
    () => ({ name: 'Brevo', ok: true }),
    (error: unknown) => ({ name: 'Brevo', ok: false, error: failure(error) }),
  );
}

function smsItem(config: Config, answer: ProviderAnswer | null): GoLiveItem {
  const base = { id: 'sms' as const, title: 'SMS aux clients (facultatif)', href: null, problems: [] as string[] };
  if (!config.sms || !answer) {
    return { ...base, done: true, detail: 'SMS non configuré\u00a0: les clients sont prévenus par e-mail et par notification (voir docs/sms.md pour activer Brevo).' };
  }
  if (answer.ok) return { ...base, done: true, detail: `Brevo répond et accepte la clé\u00a0; expéditeur des SMS\u00a0: ${config.sms.sender}.` };
  return { ...base, done: false, detail: 'SMS configuré, mais Brevo ne répond pas ou refuse la clé\u00a0: aucun SMS ne part.', problems: [`Brevo : ${answer.error ?? 'refus'}`] };
}

/** Builds the checklist; `askedAt` keeps the providers' answers a minute (each overview visit would ask them otherwise). */
export function createGoLiveChecklist(config: Config, db: Db, sources: GoLiveSources = {}) {
  let providers: { at: number; answers: Promise<ProviderAnswer[]> } | null = null;
  const answers = () => {
    const now = Date.now();
    if (!providers || now - providers.at > PROVIDER_ANSWER_TTL_MS) providers = { at: now, answers: askProviders(config) };
    return providers.answers;
  };
  let smsAnswer: { at: number; answer: Promise<ProviderAnswer | null> } | null = null;
  const askedSms = () => {
    const now = Date.now();
    if (!smsAnswer || now - smsAnswer.at > PROVIDER_ANSWER_TTL_MS) smsAnswer = { at: now, answer: askSms(config) };
    return smsAnswer.answer;
  };

  return async function checklist(): Promise<GoLiveReport> {
    const [profile, test, providerAnswers, backup, twoFactor, sms] = await Promise.all([
      getStoreProfile(db),
      lastTestMail(db),
      answers(),
      sources.backup?.() ?? Promise.resolve({ done: false, detail: 'Aucune sauvegarde n’est encore enregistrée.' }),
      sources.twoFactor?.() ?? Promise.resolve({ done: false, detail: 'Aucun administrateur n’a activé la double authentification.' }),
      askedSms(),
    ]);
    const items: GoLiveItem[] = [
      profileItem(profileProblems(profile)),
      mailItem(config, test),
      httpsItem(config),
      paymentsItem(providerAnswers),
      { id: 'backup', title: 'Sauvegarde faite et restauration vérifiée', problems: [], href: `${settingsHref}#sauvegardes`, ...backup },
      { id: 'two-factor', title: 'Double authentification pour au moins un administrateur', problems: [], href: '/admin-dashboard?section=securite', ...twoFactor },
      smsItem(config, sms),
    ];
    return { ready: items.every((item) => item.done), items };
  };
}

export type GoLiveChecklist = ReturnType<typeof createGoLiveChecklist>;

/** The checklist as `npm start` prints it: nothing when all is done. */
export function goLiveConsoleLines(report: GoLiveReport): string[] {
  if (report.ready) return [];
  const left = report.items.filter((item) => !item.done);
  return [
    `Avant l’ouverture\u00a0: ${left.length} ${left.length > 1 ? 'points restent' : 'point reste'} à régler (vue d’ensemble de l’administration).`,
    ...left.flatMap((item) => [
      `  ✗ ${item.title}\u00a0: ${item.detail}`,
      ...item.problems.slice(0, 4).map((problem) => `      - ${problem}`),
      ...(item.problems.length > 4 ? [`      - et ${item.problems.length - 4} autres`] : []),
    ]),
  ];
}

/** Five test mails an hour per staff member: enough to fix an SMTP setting, not a mail cannon. */
const TEST_MAIL_RULE: RateLimitRule = { name: 'go-live-test-mail', limit: 5, windowMs: 60 * 60_000 };

/** Queues the checklist's test mail to the staff member who asks (audited); the item turns done once SMTP accepts it. */
export async function sendGoLiveTestMail(deps: { config: Config; db: Db; mail: Mailer }, admin: AuthenticatedSession): Promise<string> {
  const smtpUrl = deps.config.mail.smtpUrl;
  if (!smtpUrl) throw new AppError('SMTP_NOT_CONFIGURED', 409, goLiveMessages.noSmtp);
  await hitRateLimit(deps.db, TEST_MAIL_RULE, `user:${admin.user.id}`);
  const profile = await getStoreProfile(deps.db);
  const to = admin.user.email;
  await deps.db.transaction(async (tx) => {
    await deps.mail.enqueue(tx, { kind: 'go_live_test', to, ...goLiveTestEmail({ sentAt: new Date(), smtpHost: new URL(smtpUrl).hostname }, profile) });
    await recordAudit(tx, admin, { action: 'go_live.test_mail', entity: 'mail', after: { to } });
  });
  deps.mail.kick();
  return goLiveMessages.testMailQueued(to);
}

/** The two-factor item: done once an administrator signs in with a code (and says whether the team must). */
export function twoFactorReadiness(status: { admins: number; adminsWithTotp: number; required: boolean }): { done: boolean; detail: string } {
  if (status.adminsWithTotp === 0) return { done: false, detail: 'Aucun administrateur n’a activé la double authentification\u00a0: Administration → Sécurité du compte.' };
  const rule = status.required ? 'obligatoire pour toute l’équipe' : 'pas encore obligatoire pour toute l’équipe';
  return { done: true, detail: `${status.adminsWithTotp} administrateur${status.adminsWithTotp > 1 ? 's' : ''} sur ${status.admins} avec la double authentification (${rule}).` };
}
