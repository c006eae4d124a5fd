import { BatteryCharging, Cable, HardDrive, MemoryStick, ShieldCheck, type LucideIcon } from 'lucide-react';

/**
 * The 5 brands of the partners page (spec 3 §2, §3: id, name, logo, description, category, icon,
 * colour). Names are shown as text only: no trademark logo, the « logo » is a lucide icon on a
 * gradient.
 */
export type PartnerCategory = 'Mémoire et stockage' | 'Accessoires' | 'Protection mobile';

export type Partner = {
  id: string;
  name: string;
  category: PartnerCategory;
  description: string;
  /** What the shop uses the brand's products for. */
  uses: string[];
  icon: LucideIcon;
  /** Tailwind gradient of the brand's card. */
  color: string;
};

export const partners: Partner[] = [
  {
    id: 'sandisk',
    name: 'SanDisk',
    category: 'Mémoire et stockage',
    description:
      'Cartes microSD et clés USB que nous utilisons pour étendre la mémoire des consoles et des smartphones, et pour restituer les données récupérées.',
    uses: ['Cartes microSD de 128\u00a0Go à 512\u00a0Go', 'Clés USB pour la restitution de données'],
    icon: MemoryStick,
    color: 'from-rose-500 to-red-700',
  },
  {
    id: 'kingston',
    name: 'Kingston',
    category: 'Mémoire et stockage',
    description:
      'Barrettes de mémoire vive et SSD installés lors de nos mises à niveau d’ordinateurs, pour un démarrage rapide et plus de fluidité au quotidien.',
    uses: ['Mémoire vive pour portables et fixes', 'SSD SATA et NVMe'],
    icon: HardDrive,
    color: 'from-sky-500 to-blue-700',
  },
  {
    id: 'anker',
    name: 'Anker',
    category: 'Accessoires',
    description:
      'Chargeurs, câbles et batteries externes proposés à la boutique\u00a0: des accessoires fiables pour prendre soin de la batterie de vos appareils.',
    uses: ['Chargeurs USB-C rapides', 'Batteries externes'],
    icon: BatteryCharging,
    color: 'from-cyan-500 to-teal-700',
  },
  {
    id: 'belkin',
    name: 'Belkin',
    category: 'Accessoires',
    description:
      'Câbles, adaptateurs et supports de charge pour smartphones, tablettes et ordinateurs, pour rester connecté à la maison comme en déplacement.',
    uses: ['Câbles Lightning et USB-C', 'Adaptateurs et hubs'],
    icon: Cable,
    color: 'from-violet-500 to-indigo-700',
  },
  {
    id: 'panzerglass',
    name: 'PanzerGlass',
    category: 'Protection mobile',
    description:
      'Verres trempés et coques de protection posés à l’atelier après une réparation d’écran, pour que votre téléphone reste intact plus longtemps.',
    uses: ['Verres trempés posés sur place', 'Coques de protection'],
    icon: ShieldCheck,
    color: 'from-amber-500 to-orange-700',
  },
];

/** Rotation of the brands carousel (spec 3 §9). */
export const PARTNERS_INTERVAL_MS = 5000;
