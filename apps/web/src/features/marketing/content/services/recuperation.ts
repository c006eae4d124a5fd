import { Gamepad2, HardDrive, MemoryStick, Server, Smartphone, Tablet, Usb, Building } from 'lucide-react';
import type { ServiceCard, ServiceStep } from './types';

export const recoveryDevices: readonly ServiceCard[] = [
  {
    icon: Smartphone,
    title: 'Téléphones',
    text: 'Photos, contacts, messages et notes d’un smartphone qui ne s’allume plus, a pris l’eau ou dont l’écran est détruit.',
  },
  {
    icon: Tablet,
    title: 'Tablettes',
    text: 'Documents, dessins et photos d’une tablette bloquée au démarrage ou dont la carte mère a souffert.',
  },
  {
    icon: Gamepad2,
    title: 'Consoles de jeux',
    text: 'Sauvegardes et captures stockées sur le disque interne ou la mémoire d’une console en panne, quand le constructeur le permet.',
  },
  {
    icon: MemoryStick,
    title: 'Cartes mémoire',
    text: 'Cartes SD et microSD d’appareil photo, de drone ou de téléphone devenues illisibles ou formatées par erreur.',
  },
  {
    icon: Usb,
    title: 'Clés USB',
    text: 'Clés qui ne sont plus reconnues, demandent à être formatées ou dont le connecteur est cassé.',
  },
  {
    icon: HardDrive,
    title: 'Disques durs',
    text: 'Disques durs et SSD internes ou externes\u00a0: suppression accidentelle, partition perdue, disque qui ne démarre plus ou n’apparaît plus.',
  },
];

export const recoverySteps: readonly ServiceStep[] = [
  {
    number: 1,
    title: 'Déposez votre demande',
    description:
      'Remplissez la demande de devis en ligne\u00a0: acceptez les conditions de prise en charge et décrivez le problème (appareil, symptômes, données à sauver en priorité).',
  },
  {
    number: 2,
    title: 'Envoi au centre de récupération',
    description:
      'Après notre premier diagnostic, l’appareil ou le support est confié au centre de récupération adapté à la panne, emballé et suivi.',
  },
  {
    number: 3,
    title: 'Récupération sécurisée et transfert',
    description:
      'Les données récupérées sont copiées sur un support sain que vous nous fournissez ou que nous vous proposons, puis remises en main propre.',
  },
];

export const recoveryCleanRoomNote =
  'Un support très endommagé (disque dur qui fait un bruit de cliquetis, têtes de lecture abîmées, plateaux rayés, appareil brûlé ou resté longtemps dans l’eau) peut nécessiter une intervention en salle blanche. Dans ce cas, nous passons par un prestataire spécialisé et vous communiquons son devis avant toute intervention\u00a0: vous restez libre d’accepter ou non.';

export const recoveryAdvice: readonly string[] = [
  'Arrêtez d’utiliser l’appareil dès que vous constatez la perte\u00a0: chaque nouvelle écriture peut écraser les fichiers effacés.',
  'Ne rallumez pas un appareil tombé dans l’eau et ne le mettez pas dans du riz\u00a0: apportez-le éteint, au plus vite.',
  'N’installez pas de logiciel de récupération sur le disque qui contient les données perdues.',
  'Un disque dur qui cliquette ne doit plus être alimenté\u00a0: chaque démarrage aggrave les dégâts.',
];

export type NasOffer = ServiceCard & { audience: string };

export const nasOffers: readonly NasOffer[] = [
  {
    icon: Server,
    title: 'NAS Personnel',
    audience: 'Familles et particuliers',
    text: 'Un serveur de stockage à la maison qui sauvegarde automatiquement vos photos, vidéos et documents, installé et configuré chez vous.',
    items: [
      'Choix d’un NAS adapté à votre volume de données',
      'Disques en miroir\u00a0: une panne de disque ne fait rien perdre',
      'Sauvegarde automatique des téléphones et ordinateurs de la maison',
      'Accès à vos fichiers depuis l’extérieur, de façon sécurisée',
    ],
  },
  {
    icon: Building,
    title: 'NAS Professionnel',
    audience: 'Artisans, commerces et TPE',
    text: 'La sauvegarde de vos fichiers de travail centralisée, planifiée et vérifiée, pour ne jamais dépendre d’un seul ordinateur.',
    items: [
      'Dossiers partagés avec des droits par utilisateur',
      'Sauvegardes planifiées et historique des versions',
      'Copie externalisée pour se protéger des rançongiciels et des sinistres',
      'Installation sur site et prise en main de l’équipe',
    ],
  },
];
