import { Cctv, Headset, House, Network, Router, ShieldCheck, Video, Wifi } from 'lucide-react';
import type { ServiceCard, ServiceStep } from './types';

export const cameraTypes: readonly ServiceCard[] = [
  {
    icon: Video,
    title: 'Caméras intérieures',
    text: 'Pour garder un œil sur la maison, le commerce ou l’atelier\u00a0: image nette de jour comme de nuit, détection de mouvement et alertes sur le téléphone.',
    items: ['Vision nocturne infrarouge', 'Audio bidirectionnel selon le modèle', 'Zones de confidentialité paramétrables'],
  },
  {
    icon: Cctv,
    title: 'Caméras extérieures',
    text: 'Entrées, jardin, parking ou cour\u00a0: des caméras étanches pensées pour le climat du littoral, fixées et orientées sur ce qui compte.',
    items: ['Boîtiers étanches pour l’extérieur', 'Vision de nuit longue portée', 'Enregistrement local ou sur NAS'],
  },
  {
    icon: Wifi,
    title: 'Caméras sans fil',
    text: 'Quand tirer un câble n’est pas possible\u00a0: caméras Wi-Fi ou sur batterie, posées sans gros travaux et reliées à votre réseau.',
    items: ['Installation rapide et discrète', 'Vérification de la couverture Wi-Fi sur place', 'Notifications instantanées'],
  },
];

export const homeNetwork: ServiceCard = {
  icon: House,
  title: 'Réseau de surveillance domestique',
  text: 'Toutes vos caméras réunies dans une seule application\u00a0: vous consultez le direct et les enregistrements depuis votre téléphone, où que vous soyez, sans dépendre d’un abonnement imposé.',
  items: [
    'Enregistrement continu ou sur détection, conservé chez vous',
    'Accès à distance chiffré depuis smartphone, tablette ou ordinateur',
    'Comptes séparés pour chaque membre de la famille',
  ],
};

export const installSteps: readonly ServiceStep[] = [
  {
    number: 1,
    title: 'Évaluation des besoins',
    description:
      'Nous faisons le tour des lieux avec vous\u00a0: points sensibles, éclairage, couverture Wi-Fi, alimentation. Vous recevez une proposition de matériel et un devis détaillé.',
  },
  {
    number: 2,
    title: 'Installation et configuration',
    description:
      'Pose des caméras, passage des câbles, configuration de l’enregistreur ou du NAS et de l’application sur vos appareils.',
  },
  {
    number: 3,
    title: 'Tests et validation',
    description:
      'Nous vérifions chaque angle de vue, la vision de nuit, les alertes et l’accès à distance avec vous, puis nous vous montrons comment tout utiliser.',
  },
];

export const afterInstall: readonly ServiceCard[] = [
  {
    icon: Headset,
    title: 'Support à distance',
    text: 'Une alerte qui ne part plus, un mot de passe oublié, une caméra à ajouter\u00a0: nous intervenons à distance sur votre installation, sans déplacement.',
  },
  {
    icon: Network,
    title: 'Services réseau',
    text: 'Configuration de la box et du routeur, répéteurs ou bornes Wi-Fi, câblage réseau\u00a0: un réseau stable, indispensable à une vidéosurveillance fiable.',
  },
  {
    icon: Router,
    title: 'Mises à jour et sécurité',
    text: 'Micrologiciels à jour, mots de passe robustes et accès distant chiffré\u00a0: vos caméras ne doivent jamais devenir une porte d’entrée.',
  },
];

export const warrantyStatement = {
  icon: ShieldCheck,
  title: 'Garantie complète',
  text: 'Le matériel que nous fournissons est couvert par la garantie légale de conformité et par la garantie de son fabricant, et nous reprenons sans frais tout défaut de pose ou de configuration de notre installation. En cas de panne, un seul interlocuteur\u00a0: nous.',
};

export const legalReminder =
  'Bon à savoir\u00a0: une caméra privée ne doit filmer que votre propriété. La voie publique et le terrain des voisins doivent rester hors champ, et un salarié ne peut pas être filmé en permanence à son poste. Nous orientons les caméras en conséquence.';
