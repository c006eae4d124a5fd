import { servicePages } from '@erepare/shared/routes';
import type { NavItem } from './components/nav-dropdown';

export const trackingItems: readonly NavItem[] = [
  { to: '/suivi', label: 'Suivi des réparations' },
  { to: '/suivi-moderne', label: 'Suivi moderne (nouvelle version)' },
];

export const serviceItems: readonly NavItem[] = servicePages.map((page) => ({ to: page.path, label: page.navLabel }));

// No « Blog » until it has real articles (its pages are placeholders, not indexed).
export const companyLinks: readonly NavItem[] = [
  { to: '/faq', label: 'Questions fréquentes' },
  { to: '/a-propos', label: 'À propos' },
  { to: '/reseaux-sociaux', label: 'Réseaux sociaux' },
  { to: '/partenaires', label: 'Partenaires' },
  { to: '/label-qualirepar', label: 'Bonus réparation QualiRépar' },
  { to: '/label-reparacteurs', label: 'Label RéparActeurs' },
];

export const legalLinks: readonly NavItem[] = [
  { to: '/cgv', label: 'Conditions générales de vente' },
  { to: '/mentions-legales', label: 'Mentions légales et confidentialité' },
];
