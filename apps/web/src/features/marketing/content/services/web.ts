import {
  BarChart3,
  Bot,
  Brain,
  Building,
  Code,
  Factory,
  Handshake,
  MapPin,
  Palette,
  Rocket,
  Search,
  ShieldCheck,
  Store,
  Wrench,
  Zap,
} from 'lucide-react';
import type { ServiceCard } from './types';

export const businessSizes: readonly ServiceCard[] = [
  {
    icon: Rocket,
    title: 'Start-ups',
    text: 'Un site vitrine ou une première version de produit, livré vite et prêt à évoluer avec vous.',
    items: ['Page d’accueil et pages clés', 'Formulaire de contact ou d’inscription', 'Base technique évolutive'],
  },
  {
    icon: Store,
    title: 'PME',
    text: 'Un site professionnel qui présente votre activité, rassure vos clients et vous amène des demandes.',
    items: ['Site vitrine ou boutique en ligne', 'Référencement local', 'Mises à jour simples par votre équipe'],
  },
  {
    icon: Factory,
    title: 'Grandes entreprises',
    text: 'Des applications web sur mesure reliées à vos outils existants, avec des exigences de sécurité et de charge.',
    items: ['Applications métier et portails', 'Connexion à vos API et bases de données', 'Hébergement et supervision'],
  },
];

export const webServices: readonly ServiceCard[] = [
  { icon: Palette, title: 'Design', text: 'Maquettes à votre image, pensées d’abord pour le téléphone, claires et accessibles à tous.' },
  { icon: Code, title: 'Développement web', text: 'Sites rapides et fiables, du site vitrine à l’application sur mesure.' },
  { icon: Search, title: 'SEO', text: 'Pages structurées, rapides et bien décrites pour apparaître dans les recherches locales.' },
  { icon: Wrench, title: 'Maintenance', text: 'Mises à jour, sauvegardes, surveillance et petites évolutions, sans mauvaise surprise.' },
  { icon: Brain, title: 'Intelligence artificielle', text: 'Automatisation de tâches répétitives\u00a0: tri de demandes, rédaction assistée, recherche dans vos documents.' },
  { icon: Bot, title: 'Chatbots', text: 'Un assistant qui répond aux questions fréquentes de vos clients à toute heure et vous transmet le reste.' },
  { icon: BarChart3, title: 'Big data', text: 'Tableaux de bord qui rassemblent vos données de ventes ou d’activité pour décider sur des chiffres.' },
];

export const aiWeb3Points: readonly string[] = [
  'Assistants conversationnels branchés sur vos propres contenus (catalogue, FAQ, documentation).',
  'Recherche intelligente dans votre site ou vos documents internes.',
  'Génération assistée de fiches produits ou de réponses, toujours relues par un humain.',
  'Veille sur le Web 3.0\u00a0: identité numérique, authenticité des contenus et paiements décentralisés, proposés seulement quand ils servent vraiment votre projet.',
];

export const webReasons: readonly ServiceCard[] = [
  { icon: MapPin, title: 'Un interlocuteur local', text: 'Nous sommes sur le Bassin\u00a0: on se rencontre, on se parle, on avance ensemble.' },
  { icon: Zap, title: 'Des sites rapides', text: 'Pages légères et optimisées pour les téléphones, qui s’affichent même avec une connexion moyenne.' },
  { icon: ShieldCheck, title: 'Sécurité et RGPD', text: 'Connexions chiffrées, sauvegardes, pas de traceurs inutiles\u00a0: vos visiteurs sont respectés.' },
  { icon: Handshake, title: 'Vous restez propriétaire', text: 'Nom de domaine, contenus et code vous appartiennent\u00a0; tout est documenté.' },
  { icon: Building, title: 'Un suivi dans la durée', text: 'Après la mise en ligne, nous assurons la maintenance et les évolutions.' },
];

export const technologies: readonly string[] = [
  'HTML5 et CSS',
  'JavaScript et TypeScript',
  'React',
  'Node.js',
  'WordPress',
  'WooCommerce',
  'PostgreSQL',
  'Tailwind CSS',
  'Python',
  'API REST',
];
