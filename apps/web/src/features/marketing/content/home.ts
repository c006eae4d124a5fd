import type { LucideIcon } from 'lucide-react';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Laptop from 'lucide-react/icons/laptop';
import Recycle from 'lucide-react/icons/recycle';
import Smartphone from 'lucide-react/icons/smartphone';
import Tablet from 'lucide-react/icons/tablet';
import { PRODUCT_WARRANTY_MONTHS, REPAIRS_FROM_EUROS, REPAIR_WARRANTY_MONTHS } from '@erepare/shared/warranty';

/** Texts and figures of the home page (spec 3 §2 « Home page », §9). */

export type HeroSlide = {
  title: string;
  subtitle: string;
  description: string;
  price: string;
  features: string[];
  icon: LucideIcon;
  /** Tailwind gradient of the slide's art panel (no photos). */
  art: string;
};

export const heroSlides: HeroSlide[] = [
  {
    title: 'Réparation de smartphones',
    subtitle: 'Écran cassé, batterie fatiguée\u00a0?',
    description:
      'iPhone, Samsung, Xiaomi, Oppo, Google Pixel…\u00a0: nous remplaçons l’écran, la batterie ou le connecteur de charge de votre téléphone à l’atelier de Gujan-Mestras.',
    price: `À partir de ${REPAIRS_FROM_EUROS}\u00a0€`,
    features: ['Diagnostic sous 24 à 48\u00a0h', 'Intervention en 45\u00a0min à 1\u00a0h, pièce en stock', `Garantie ${REPAIR_WARRANTY_MONTHS}\u00a0mois`],
    icon: Smartphone,
    art: 'from-cyan-500 to-blue-700',
  },
  {
    title: 'Réparation de consoles',
    subtitle: 'Switch, PlayStation, Xbox',
    description:
      'Joystick qui dérive, port HDMI arraché, console qui chauffe ou ne démarre plus\u00a0: nos techniciens remettent votre console en état de jouer.',
    price: 'À partir de 39\u00a0€',
    features: ['Manettes et joysticks', 'Ports HDMI et connecteurs', 'Nettoyage et pâte thermique'],
    icon: Gamepad2,
    art: 'from-violet-500 to-fuchsia-700',
  },
  {
    title: 'Réparation d’ordinateurs',
    subtitle: 'PC et Mac, portables et fixes',
    description:
      'Ordinateur lent, écran fissuré, clavier défectueux ou virus\u00a0: diagnostic, remplacement de pièces et passage au SSD pour lui redonner de la vitesse.',
    price: 'À partir de 59\u00a0€',
    features: ['Passage au SSD et ajout de mémoire', 'Suppression de virus', 'Récupération de données'],
    icon: Laptop,
    art: 'from-emerald-500 to-teal-700',
  },
  {
    title: 'Rachat et reconditionné',
    subtitle: 'Donnez une seconde vie à vos appareils',
    description:
      'Vendez votre ancien appareil ou choisissez un reconditionné contrôlé par nos soins\u00a0: moins cher que le neuf et meilleur pour la planète.',
    price: 'Paiement immédiat en boutique',
    features: ['Contrôle de l’IMEI et du fonctionnement', `Reconditionnés garantis ${PRODUCT_WARRANTY_MONTHS}\u00a0mois`, 'Jusqu’à 50\u00a0% moins cher que le neuf'],
    icon: Recycle,
    art: 'from-amber-500 to-orange-700',
  },
];

export type DeviceCategory = { name: string; count: string; icon: LucideIcon; description: string };

/** Spec 3 §9: repair counts in the order Mobiles, Tablettes, Ordinateurs, Consoles. */
export const deviceCategories: DeviceCategory[] = [
  { name: 'Mobiles', count: '3200+', icon: Smartphone, description: 'Écrans, batteries, connecteurs, caméras' },
  { name: 'Tablettes', count: '1800+', icon: Tablet, description: 'Vitres tactiles, batteries, connecteurs' },
  { name: 'Ordinateurs', count: '950+', icon: Laptop, description: 'PC et Mac, portables et fixes' },
  { name: 'Consoles', count: '750+', icon: Gamepad2, description: 'Switch, PlayStation, Xbox et manettes' },
];
