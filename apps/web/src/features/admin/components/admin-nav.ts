/**
 * The dashboard's sections: one route, /admin-dashboard, the section in `?section=` (the server
 * and the maintenance rule know only that path). French slugs; `sectionHref` builds the links.
 */
export const adminSections = [
  { slug: 'apercu', label: 'Vue d’ensemble', title: 'Vue d’ensemble', group: null },
  { slug: 'tickets', label: 'Tickets', title: 'Tickets de réparation', group: 'Réparations' },
  { slug: 'statuts', label: 'Statuts', title: 'Statuts des réparations', group: 'Réparations' },
  { slug: 'clients', label: 'Clients', title: 'Clients', group: 'Réparations' },
  { slug: 'factures', label: 'Factures', title: 'Factures', group: 'Réparations' },
  { slug: 'rendez-vous', label: 'Rendez-vous', title: 'Rendez-vous de dépôt', group: 'Réparations' },
  { slug: 'devis', label: 'Devis', title: 'Devis', group: 'Réparations' },
  { slug: 'commandes', label: 'Commandes', title: 'Commandes', group: 'Boutique' },
  { slug: 'produits', label: 'Produits', title: 'Produits et stock', group: 'Boutique' },
  { slug: 'coupons', label: 'Coupons', title: 'Codes promo', group: 'Boutique' },
  { slug: 'messages', label: 'Messages', title: 'Messages et demandes de devis', group: null },
  { slug: 'campagnes', label: 'Campagnes', title: 'Campagnes de notifications', group: null },
  { slug: 'e-mails', label: 'E-mails', title: 'E-mails envoyés', group: null },
  { slug: 'equipe', label: 'Équipe', title: 'Équipe', group: null },
  { slug: 'journal', label: 'Journal', title: 'Journal des modifications', group: null },
  { slug: 'rgpd', label: 'Données personnelles', title: 'Demandes RGPD', group: null },
  { slug: 'securite', label: 'Sécurité du compte', title: 'Sécurité du compte', group: null },
  { slug: 'parametres', label: 'Paramètres', title: 'Paramètres', group: null },
] as const;

export type AdminSectionSlug = (typeof adminSections)[number]['slug'];
export type AdminSection = (typeof adminSections)[number];

export const DEFAULT_SECTION: AdminSectionSlug = 'apercu';

export function findSection(slug: string | null): AdminSection {
  return adminSections.find((section) => section.slug === slug) ?? adminSections[0];
}

type ParamValue = string | number | boolean | null | undefined;

/** `?section=commandes&id=12&status=processing` (empty values left out), for `<Link to>`. */
export function sectionHref(section: AdminSectionSlug, params: Record<string, ParamValue> = {}): string {
  const search = new URLSearchParams({ section });
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    search.set(key, String(value));
  }
  return `?${search.toString()}`;
}
