import type { ServiceStep } from './types';

export type SwitchModel = { id: string; name: string; text: string };

export const switchModels: readonly SwitchModel[] = [
  { id: 'lite', name: 'Switch Lite', text: 'La version portable\u00a0: carte mère compacte, installation minutieuse sous loupe binoculaire.' },
  { id: 'v1', name: 'Switch V1', text: 'Le premier modèle de 2017, reconnaissable à sa boîte au fond rouge (référence HAC-001).' },
  { id: 'v2', name: 'Switch V2', text: 'Le modèle à l’autonomie améliorée sorti en 2019 (référence HAC-001(-01)).' },
  { id: 'oled', name: 'Switch OLED', text: 'Le modèle à écran OLED de 7 pouces\u00a0: l’intervention la plus délicate, réalisée avec le même soin.' },
];

export const orderSteps: readonly ServiceStep[] = [
  {
    number: 1,
    title: 'Demandez votre devis',
    description: 'Choisissez vos options dans le calculateur, puis envoyez votre demande de devis en ligne en précisant le modèle de votre console.',
  },
  {
    number: 2,
    title: 'Confiez-nous la console',
    description: 'Déposez-la à la boutique ou choisissez l’option Collecte & Livraison. Pensez à sauvegarder vos parties avant.',
  },
  {
    number: 3,
    title: 'Installation et tests',
    description: 'Nous installons la puce et testons le démarrage, l’écran, les manettes et la recharge. Comptez 5 à 7 jours, ou 48\u00a0h en express.',
  },
  {
    number: 4,
    title: 'Récupérez votre Switch',
    description: 'Nous vous prévenons dès qu’elle est prête. Vous la récupérez à la boutique ou elle vous est livrée.',
  },
];

/** Said plainly (spec 3 §9): no warranty, and the manufacturer's warranty is lost. */
export const importantInfo: readonly string[] = [
  'Ce service n’est couvert par aucune garantie\u00a0: ni sur la puce, ni sur l’installation.',
  'L’ouverture de la console et l’installation de la puce annulent la garantie constructeur de Nintendo.',
  'Une console modifiée peut être bannie des services en ligne de Nintendo.',
  'Nous ne fournissons aucun jeu ni aucun fichier protégé\u00a0: la puce sert à des usages légaux, comme les logiciels amateurs (homebrew) ou la sauvegarde de vos propres jeux.',
  'Sauvegardez vos parties avant de nous confier la console.',
];
