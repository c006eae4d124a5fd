import {
  Banknote,
  BadgeCheck,
  Clock,
  Gamepad2,
  Headphones,
  Laptop,
  PiggyBank,
  Recycle,
  ShieldCheck,
  Smartphone,
  Tablet,
  Watch,
  type LucideIcon,
} from 'lucide-react';
import { percent } from './format';
import type { ServiceCard, ServiceFigure, ServiceStep } from './types';
import { PRODUCT_WARRANTY_MONTHS } from '@erepare/shared/warranty';

const NBSP = '\u00a0';

/** Spec 3 §3: trade-in device category; ranges in euros (spec 3 §9, buy / resale). */
export type TradeInCategory = {
  name: string;
  icon: LucideIcon;
  description: string;
  tradingRange: readonly [number, number];
  sellingRange: readonly [number, number];
};

export const tradeInCategories: readonly TradeInCategory[] = [
  {
    name: 'Smartphones',
    icon: Smartphone,
    description: 'iPhone, Samsung, Xiaomi, Google Pixel et autres marques, récents ou de quelques années.',
    tradingRange: [50, 800],
    sellingRange: [80, 1200],
  },
  {
    name: 'Tablettes',
    icon: Tablet,
    description: 'iPad, Galaxy Tab et tablettes Android, avec ou sans connexion cellulaire.',
    tradingRange: [80, 600],
    sellingRange: [120, 900],
  },
  {
    name: 'Ordinateurs',
    icon: Laptop,
    description: 'Portables et ordinateurs de bureau, PC comme Mac, en état de fonctionnement.',
    tradingRange: [100, 1500],
    sellingRange: [200, 2200],
  },
  {
    name: 'Consoles',
    icon: Gamepad2,
    description: 'PlayStation, Xbox, Nintendo Switch et consoles portables, avec leurs manettes.',
    tradingRange: [30, 400],
    sellingRange: [60, 550],
  },
  {
    name: 'Montres Connectées',
    icon: Watch,
    description: 'Apple Watch, Galaxy Watch et montres de sport connectées, avec leur chargeur.',
    tradingRange: [40, 350],
    sellingRange: [70, 500],
  },
  {
    name: 'Accessoires',
    icon: Headphones,
    description: 'Écouteurs sans fil, casques, manettes, claviers et autres accessoires de qualité.',
    tradingRange: [10, 200],
    sellingRange: [20, 300],
  },
];

export const sellSteps: readonly ServiceStep[] = [
  {
    number: 1,
    title: 'Estimez votre appareil',
    description: 'Décrivez votre appareil (modèle, capacité, état) dans la demande en ligne\u00a0: nous vous donnons une première estimation.',
  },
  {
    number: 2,
    title: 'Faites-le contrôler',
    description:
      'Apportez-le à la boutique\u00a0: vérification de l’IMEI ou du numéro de série, tests de fonctionnement et offre définitive, en moins de 15 minutes.',
  },
  {
    number: 3,
    title: 'Soyez payé',
    description:
      'Vous acceptez l’offre et vous êtes payé immédiatement en espèces ou par virement. Par courrier, le paiement intervient sous 2 jours ouvrés après réception et contrôle.',
  },
];

/** Spec 3 §3: condition grade = grade, description, discount (saving versus new, spec 3 §9). */
export type ConditionGrade = { grade: string; description: string; discount: string };

export const conditionGrades: readonly ConditionGrade[] = [
  {
    grade: 'Comme Neuf',
    description:
      'Aucune trace d’usage visible à un mètre, écran et coque impeccables. Batterie contrôlée et fonctions toutes testées.',
    discount: `30-40${NBSP}%`,
  },
  {
    grade: 'Très Bon État',
    description:
      'De légères micro-rayures visibles seulement de près, sans effet sur l’utilisation. Écran sans défaut d’affichage, tout fonctionne.',
    discount: `40-50${NBSP}%`,
  },
  {
    grade: 'Bon État',
    description:
      'Des rayures ou petites marques visibles sur la coque ou le contour, le prix le plus bas. Écran sans défaut d’affichage et fonctionnement identique aux autres grades.',
    discount: `50-60${NBSP}%`,
  },
];

export const tradeInAdvantages: readonly ServiceCard[] = [
  { icon: Clock, title: 'Rapide', text: 'Évaluation et transaction en moins de 15 minutes à la boutique.' },
  { icon: Banknote, title: 'Payé tout de suite', text: 'Paiement en espèces ou par virement, sans attendre une revente.' },
  { icon: ShieldCheck, title: 'Sans risque', text: 'Pas d’annonce à publier, pas d’inconnu à recevoir, pas d’arnaque au paiement.' },
  { icon: Recycle, title: 'Utile', text: 'Votre appareil est remis en état et retrouve un propriétaire au lieu de dormir dans un tiroir.' },
];

export const buyingAdvantages: readonly ServiceCard[] = [
  { icon: BadgeCheck, title: `Garantie ${PRODUCT_WARRANTY_MONTHS}\u00a0mois`, text: `Chaque appareil reconditionné vendu est garanti ${PRODUCT_WARRANTY_MONTHS}\u00a0mois par la boutique.` },
  { icon: PiggyBank, title: 'Jusqu’à 50\u00a0% moins cher', text: 'Un appareil récent pour une fraction de son prix neuf.' },
  { icon: ShieldCheck, title: 'Contrôlé par des techniciens', text: 'Diagnostic complet, pièces d’usure remplacées si nécessaire, données effacées.' },
  { icon: Banknote, title: 'Paiement simple', text: 'En espèces ou par virement, à la boutique.' },
];

/** Spec 3 §9, environment claims. */
export const environmentFigures: readonly ServiceFigure[] = [
  { value: percent(85), label: 'de déchets en moins' },
  { value: percent(75), label: 'd’énergie économisée' },
  { value: '500+', label: 'appareils reconditionnés par mois' },
];

export const expertDiagnostic: readonly string[] = [
  'Vérification de l’IMEI ou du numéro de série\u00a0: appareil ni volé, ni bloqué.',
  'Tests de l’écran, du tactile, des caméras, des haut-parleurs, des micros et de la recharge.',
  'Mesure de l’état de la batterie.',
  'Contrôle des réseaux\u00a0: Wi-Fi, Bluetooth et réseau mobile.',
  'Effacement sécurisé de toutes les données avant la remise en vente.',
];

/** Spec 3 §9, buy-back facts (FAQ). */
export const buyBackConditions: readonly string[] = [
  'À la boutique, le paiement est immédiat.',
  'Par courrier, le paiement intervient sous 2 jours ouvrés après réception, uniquement après vérification de l’IMEI et du bon fonctionnement.',
  'Les appareils déclarés volés ou perdus (liste noire) ne sont pas rachetés.',
  'Une pièce d’identité est demandée au vendeur, et l’appareil doit être déconnecté de vos comptes (iCloud, Google).',
];
