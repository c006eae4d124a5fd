import { BadgeEuro, Cpu, Disc3, Gauge, HardDrive, Leaf, MemoryStick, MonitorPlay, Wrench } from 'lucide-react';
import { percent } from './format';
import type { ServiceCard, ServiceFigure, ServiceStep } from './types';

const NBSP = '\u00a0';

/** Spec 3 §9, upgrade claims. */
export const upgradeGains: readonly ServiceFigure[] = [
  { value: percent(90), label: 'de démarrage plus rapide' },
  { value: percent(200), label: 'd’applications en plus ouvertes en même temps' },
  { value: percent(300), label: 'de performances en jeu' },
  { value: percent(150), label: 'de productivité' },
];

export type UpgradeComponent = ServiceCard & { spec: string };

export const upgradeComponents: readonly UpgradeComponent[] = [
  {
    icon: MemoryStick,
    title: 'Mémoire vive (RAM)',
    spec: `De 8${NBSP}Go à 128${NBSP}Go`,
    text: 'Plus de mémoire, c’est plus d’onglets, de logiciels et de fenêtres ouverts sans ralentissement.',
    items: ['Multitâche fluide', 'Moins de blocages sur les gros fichiers', 'Compatibilité vérifiée avec votre carte mère'],
  },
  {
    icon: HardDrive,
    title: 'Disque SSD',
    spec: `De 256${NBSP}Go à 8${NBSP}To, jusqu’à 7000${NBSP}Mo/s`,
    text: 'Le changement le plus spectaculaire\u00a0: un ordinateur qui démarre en quelques secondes et des logiciels qui s’ouvrent aussitôt.',
    items: ['Démarrage et chargements accélérés', 'Silencieux et économe', 'Transfert de votre système et de vos données'],
  },
  {
    icon: Disc3,
    title: 'Lecteur optique',
    spec: 'Lecteur ou graveur CD, DVD et Blu-ray',
    text: 'Remplacement d’un lecteur en panne, ou ajout d’un lecteur externe pour vos disques, vos photos et vos archives.',
    items: ['Lecture de vos anciens disques', 'Gravure de sauvegardes', 'Option\u00a0: remplacement par un second disque'],
  },
  {
    icon: Cpu,
    title: 'Processeur (CPU)',
    spec: 'Processeur plus rapide compatible avec votre carte mère',
    text: 'Pour les calculs lourds, le montage vidéo ou la bureautique intensive, avec pâte thermique neuve et refroidissement contrôlé.',
    items: ['Calculs et exports plus rapides', 'Températures vérifiées', 'Mise à jour du BIOS si nécessaire'],
  },
  {
    icon: MonitorPlay,
    title: 'Carte graphique',
    spec: 'Carte adaptée à votre alimentation et à votre boîtier',
    text: 'Jeux plus fluides, rendu 3D et montage vidéo accélérés, plusieurs écrans pris en charge.',
    items: ['Images par seconde en hausse', 'Alimentation et encombrement contrôlés', 'Pilotes installés et testés'],
  },
];

export const upgradeSteps: readonly ServiceStep[] = [
  {
    number: 1,
    title: 'Diagnostic',
    description:
      'Nous analysons votre ordinateur\u00a0: composants, état du disque, températures et ce qui le ralentit vraiment. Ce diagnostic est gratuit.',
  },
  {
    number: 2,
    title: 'Recommandations',
    description:
      'Nous vous proposons les améliorations utiles pour votre usage, avec leur prix. Si un changement ne vaut pas la peine, nous vous le disons.',
  },
  {
    number: 3,
    title: 'Installation',
    description:
      'Pose des composants, transfert de vos données, mise à jour des pilotes et tests de stabilité avant de vous rendre la machine.',
  },
];

export const upgradeReasons: readonly ServiceCard[] = [
  { icon: BadgeEuro, title: 'Moins cher que du neuf', text: 'Vous gardez un ordinateur que vous connaissez, pour une fraction du prix d’une machine neuve.' },
  { icon: Gauge, title: 'Des gains mesurés', text: 'Nous comparons les performances avant et après, pour que vous voyiez la différence.' },
  { icon: Leaf, title: 'Plus écologique', text: 'Prolonger un ordinateur évite de fabriquer une machine neuve, l’étape qui pollue le plus.' },
  { icon: Wrench, title: 'Un travail soigné', text: 'Composants de qualité, câbles rangés, intérieur dépoussiéré\u00a0: votre PC ressort comme neuf.' },
];

/** Spec 3 §9: 60-80 % saving versus new, 3 to 5 years extra life, 100 % satisfaction. */
export const upgradeSavings: readonly ServiceFigure[] = [
  { value: `60-80${NBSP}%`, label: 'd’économie par rapport à un ordinateur neuf' },
  { value: '3 à 5 ans', label: 'de durée de vie en plus' },
  { value: percent(100), label: 'de clients satisfaits' },
];
