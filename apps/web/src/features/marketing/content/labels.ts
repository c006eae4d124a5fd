import {
  Handshake,
  Laptop,
  Leaf,
  MapPin,
  MessageCircle,
  Projector,
  ReceiptEuro,
  Recycle,
  ShieldCheck,
  Smartphone,
  Speaker,
  Tablet,
  Timer,
  Tv,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { repairBonusCategories, type RepairBonusCategoryId } from '@erepare/shared/repair-bonus';

/** Texts of the QualiRépar (repair bonus) and RéparActeurs label pages (spec 3 §2, §9). */

export type BonusCategory = { name: string; amount: number; icon: LucideIcon };

const bonusIcons: Record<RepairBonusCategoryId, LucideIcon> = {
  smartphone: Smartphone,
  tablette: Tablet,
  'ordinateur-portable': Laptop,
  televiseur: Tv,
  enceinte: Speaker,
  videoprojecteur: Projector,
};

/** Repair-bonus amounts in euros (spec 3 §9, exact), from the one table in packages/shared. */
export const bonusCategories: readonly BonusCategory[] = repairBonusCategories.map((category) => ({
  name: category.label,
  amount: category.amountCents / 100,
  icon: bonusIcons[category.id],
}));

/** The largest bonus: "jusqu’à 60 €". */
export const maxBonus = Math.max(...bonusCategories.map((category) => category.amount));

/** "25 €" (non-breaking space, no cents: the amounts are whole euros). */
export function formatBonus(amount: number): string {
  return `${amount}\u00a0€`;
}

export type Highlight = { title: string; text: string; icon: LucideIcon };

export const bonusHighlights: readonly Highlight[] = [
  {
    title: `Jusqu’à ${formatBonus(maxBonus)}`,
    text: 'Le montant dépend de la catégorie de l’appareil réparé, de 20\u00a0€ pour une enceinte à 60\u00a0€ pour un téléviseur.',
    icon: ReceiptEuro,
  },
  {
    title: 'Déduit immédiatement',
    text: 'Le bonus est retiré directement du montant de la facture : pas d’avance de frais, pas de dossier de remboursement à envoyer.',
    icon: Timer,
  },
  {
    title: 'Appareils hors garantie',
    text: 'Le bonus concerne les appareils qui ne sont plus couverts par la garantie : la réparation sous garantie reste gratuite par ailleurs.',
    icon: ShieldCheck,
  },
];

export type Step = { number: number; title: string; description: string };

export const bonusSteps: readonly Step[] = [
  {
    number: 1,
    title: 'Vérifiez votre appareil',
    description: 'Il doit appartenir à l’une des catégories ci-dessus et ne plus être couvert par la garantie.',
  },
  {
    number: 2,
    title: 'Demandez un devis',
    description: 'En ligne, par téléphone ou à l’atelier : le diagnostic est gratuit et le devis indique le montant du bonus applicable.',
  },
  {
    number: 3,
    title: 'Confiez-nous la réparation',
    description: 'Nous réparons votre appareil avec des pièces de qualité et vous prévenons dès qu’il est prêt.',
  },
  {
    number: 4,
    title: 'Payez le prix réduit',
    description: 'Le bonus est déduit immédiatement de la facture : vous ne réglez que le reste, sans aucune démarche de votre part.',
  },
];

export const reparacteursExplanation: readonly string[] = [
  'RéparActeurs est un label porté par le réseau des Chambres de métiers et de l’artisanat. Né en 2012 en Aquitaine avec le soutien de l’ADEME, il s’est depuis étendu à toute la France.',
  'Il distingue les artisans qui font passer la réparation avant le remplacement par un objet neuf. Pour l’obtenir, l’artisan signe une charte d’engagement auprès de sa Chambre de métiers : promouvoir la réparation auprès de ses clients, les conseiller sur la durée de vie de leurs objets et limiter les déchets.',
];

export const reparacteursBenefits: readonly Highlight[] = [
  {
    title: 'Des économies',
    text: 'Changer un écran ou une batterie coûte en général bien moins cher que racheter un appareil neuf.',
    icon: ReceiptEuro,
  },
  {
    title: 'Moins de déchets',
    text: 'Chaque appareil réparé, c’est un appareil de moins à la déchetterie et un appareil neuf de moins à fabriquer.',
    icon: Leaf,
  },
  {
    title: 'Un savoir-faire local',
    text: 'Votre appareil reste sur le bassin d’Arcachon, entre les mains d’un artisan que vous pouvez rencontrer.',
    icon: MapPin,
  },
  {
    title: 'Des conseils honnêtes',
    text: 'Si la réparation ne vaut pas la peine, nous vous le disons, et nous vous aidons à choisir la meilleure solution.',
    icon: MessageCircle,
  },
];

export const reparacteursCommitments: readonly { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Proposer la réparation avant le remplacement',
    text: 'Nous cherchons d’abord à réparer, et nous ne vous conseillons un appareil neuf ou reconditionné que si la réparation n’est pas raisonnable.',
    icon: Wrench,
  },
  {
    title: 'Annoncer un prix clair avant d’intervenir',
    text: 'Le diagnostic est gratuit et le devis est accepté par vous avant tout travail.',
    icon: Handshake,
  },
  {
    title: 'Donner une seconde vie aux appareils',
    text: 'Nous reprenons les appareils dont vous ne voulez plus pour les reconditionner plutôt que de les laisser dormir dans un tiroir.',
    icon: Recycle,
  },
  {
    title: 'Faire recycler les pièces usagées',
    text: 'Écrans, batteries et cartes hors d’usage partent dans les filières de recyclage agréées.',
    icon: Leaf,
  },
  {
    title: 'Vous aider à faire durer vos appareils',
    text: 'Protection, charge, nettoyage, mises à jour : nous partageons les gestes simples qui prolongent leur durée de vie.',
    icon: ShieldCheck,
  },
];
