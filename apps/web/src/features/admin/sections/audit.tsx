import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { formatDateTime } from '@erepare/shared/format';
import { paginationSchema } from '@erepare/shared/schemas/admin-core';
import { z } from '@erepare/shared/zod';
import { DataTable } from '../components/data-table';
import { SearchFilter, SelectFilter } from '../components/list-filters';
import { useAdminList } from '../components/use-admin-list';

/** GET /api/admin/audit has no shared response schema (the route's rows): parsed here. */
const auditRowSchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
type AuditRow = z.infer<typeof auditRowSchema>;
const auditResponseSchema = z.object({ success: z.literal(true), data: z.array(auditRowSchema), pagination: paginationSchema });

export const auditActionLabels: Record<string, string> = {
  'admin.add': 'Administrateur ajouté',
  'rgpd.erase': 'Données personnelles effacées (RGPD)',
  'admin.remove': 'Administrateur retiré',
  'settings.update': 'Paramètres du site modifiés',
  'store_profile.update': 'Profil de la boutique modifié',
  'shipping.update': 'Modes de livraison modifiés',
  'ticket.create': 'Ticket créé',
  'ticket.update': 'Ticket modifié',
  'ticket.status': 'Statut du ticket changé',
  'status.create': 'Statut créé',
  'status.update': 'Statut modifié',
  'status.delete': 'Statut supprimé',
  'customer.create': 'Client créé',
  'customer.update': 'Client modifié',
  'customer.delete': 'Client supprimé',
  'customer.loyalty': 'Points de fidélité ajustés',
  'invoice.create': 'Facture créée',
  'invoice.payment': 'Paiement enregistré',
  'invoice.refund': 'Avoir émis',
  'order.status': 'Statut de commande changé',
  'order.mark_paid': 'Virement reçu',
  'order.refund': 'Remboursement enregistré',
  'product.create': 'Produit créé',
  'product.update': 'Produit modifié',
  'product.delete': 'Produit supprimé',
  'product.image_add': 'Photo de produit ajoutée',
  'product.image_remove': 'Photo de produit retirée',
  'coupon.create': 'Code promo créé',
  'coupon.update': 'Code promo modifié',
  'coupon.trash': 'Code promo mis à la corbeille',
  'coupon.delete': 'Code promo supprimé',
  'contact.status': 'Statut d’un message changé',
  'contact.reply': 'Réponse à un message',
  'quote.status': 'Statut d’une demande de devis changé',
  'quote.reply': 'Réponse à une demande de devis',
  'mail.retry': 'E-mail renvoyé',
  'campaign.send': 'Campagne envoyée',
  'two_factor.enable': 'Double authentification activée',
  'two_factor.disable': 'Double authentification désactivée',
  'two_factor.reset': 'Double authentification réinitialisée',
  'two_factor.login': 'Connexion avec la double authentification',
  'two_factor.login_failed': 'Code de double authentification refusé',
  'two_factor.recovery_used': 'Code de secours utilisé',
  'two_factor.recovery_regenerated': 'Nouveaux codes de secours',
  'two_factor.policy': 'Règle de double authentification modifiée',
};

export const auditEntityLabels: Record<string, string> = {
  user: 'Administrateur',
  settings: 'Paramètres',
  store_profile: 'Profil de la boutique',
  shipping_method: 'Livraison',
  ticket: 'Ticket',
  status: 'Statut',
  customer: 'Client',
  invoice: 'Facture',
  order: 'Commande',
  product: 'Produit',
  coupon: 'Code promo',
  contact_message: 'Message',
  quote_request: 'Demande de devis',
  mail: 'E-mail',
  campaign: 'Campagne',
  person: 'Personne (RGPD)',
};

/** French names of the fields the server records most often (others are shown as recorded). */
export const auditFieldLabels: Record<string, string> = {
  status: 'Statut',
  to: 'Destinataire',
  subject: 'Objet',
  mailId: 'E-mail n°',
  email: 'E-mail',
  name: 'Nom',
  title: 'Titre',
  description: 'Description',
  maintenanceMode: 'Site en maintenance',
  shopMaintenanceMode: 'Boutique en maintenance',
  role: 'Rôle',
  price: 'Prix',
  priceCents: 'Prix (centimes)',
  salePriceCents: 'Prix soldé (centimes)',
  stock: 'Stock',
  hidden: 'Masqué',
  featured: 'Mis en avant',
  code: 'Code',
  amount: 'Montant',
  costCents: 'Prix (centimes)',
  freeThresholdCents: 'Seuil de gratuité (centimes)',
  enabled: 'Actif',
  recipients: 'Destinataires',
  kind: 'Type',
  color: 'Couleur',
  type: 'Type',
  notes: 'Notes',
};

const statusWords: Record<string, string> = {
  new: 'nouveau',
  in_progress: 'en cours',
  handled: 'traité',
  pending: 'en attente',
  sending: 'en cours d’envoi',
  sent: 'envoyé',
  failed: 'échec',
  customer: 'client',
  admin: 'administrateur',
};

function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && statusWords[value]) return statusWords[value];
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

type Change = { field: string; before: unknown; after: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** Before/after as a list of changed fields (objects), or one line for plain values. */
export function diffEntries(before: unknown, after: unknown): Change[] {
  if (isRecord(before) || isRecord(after)) {
    const a = isRecord(before) ? before : {};
    const b = isRecord(after) ? after : {};
    const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return fields
      .filter((field) => JSON.stringify(a[field]) !== JSON.stringify(b[field]) || !(field in a) || !(field in b))
      .map((field) => ({ field, before: a[field], after: b[field] }));
  }
  if (before === null && after === null) return [];
  return [{ field: '', before, after }];
}

function Diff({ row }: { row: AuditRow }) {
  const changes = diffEntries(row.before, row.after);
  if (changes.length === 0) return <span className="text-slate-700 dark:text-slate-300">—</span>;
  return (
    <ul className="space-y-1">
      {changes.map((change) => (
        <li key={change.field} className="break-words">
          {change.field ? <span className="font-medium">{auditFieldLabels[change.field] ?? change.field}&nbsp;: </span> : null}
          {change.before !== undefined ? (
            <del className="bg-red-50 text-red-900 decoration-red-700 dark:bg-red-950 dark:text-red-200">
              <span className="sr-only">avant </span>
              {formatValue(change.before)}
            </del>
          ) : null}
          {change.before !== undefined && change.after !== undefined ? <span aria-hidden="true"> → </span> : null}
          {change.after !== undefined ? (
            <ins className="bg-emerald-50 text-emerald-900 no-underline dark:bg-emerald-950 dark:text-emerald-200">
              <span className="sr-only">après </span>
              {formatValue(change.after)}
            </ins>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const column = createColumnHelper<AuditRow>();

export function AuditSection() {
  const list = useAdminList({ key: 'audit', path: '/api/admin/audit', schema: auditResponseSchema, filterKeys: ['entity', 'entityId'] });
  const columns = useMemo(
    () => [
      column.accessor('createdAt', { header: 'Date', cell: (info) => <span className="whitespace-nowrap">{formatDateTime(info.getValue())}</span> }),
      column.accessor('actorEmail', { header: 'Par', cell: (info) => <span className="break-all">{info.getValue() || 'Système'}</span> }),
      column.accessor('action', {
        header: 'Action',
        cell: (info) => (
          <span>
            {auditActionLabels[info.getValue()] ?? info.getValue()}
            <span className="block text-xs text-slate-700 dark:text-slate-300">{info.getValue()}</span>
          </span>
        ),
      }),
      column.display({
        id: 'entity',
        header: 'Élément',
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            {auditEntityLabels[row.original.entity] ?? row.original.entity}
            {row.original.entityId ? ` n° ${row.original.entityId}` : ''}
          </span>
        ),
      }),
      column.display({ id: 'diff', header: 'Avant → après', cell: ({ row }) => <Diff row={row.original} />, meta: { className: 'min-w-64 max-w-xl' } }),
    ],
    [],
  );
  const entityOptions = Object.entries(auditEntityLabels).map(([value, label]) => ({ value, label }));

  return (
    <DataTable
      caption="Journal des modifications (les plus récentes d’abord)"
      captionHidden
      columns={columns}
      {...list.tableProps}
      onSortChange={undefined}
      loadingLabel="Chargement du journal…"
      emptyMessage="Aucune modification enregistrée pour ce filtre."
      toolbar={
        <>
          <SelectFilter label="Élément" allLabel="Tous les éléments" value={list.filters.entity ?? ''} onChange={(value) => list.setFilters({ entity: value, entityId: '' })} options={entityOptions} />
          {list.filters.entity ? (
            <SearchFilter label="Numéro de l’élément" value={list.filters.entityId ?? ''} onChange={(value) => list.setFilter('entityId', value)} maxLength={80} className="w-full sm:w-48" />
          ) : null}
        </>
      }
    />
  );
}
