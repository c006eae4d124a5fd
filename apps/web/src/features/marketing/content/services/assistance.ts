import { Apple, Monitor, TabletSmartphone } from 'lucide-react';
import type { ServiceCard, ServiceFigure, ServiceStep } from './types';

const NBSP = '\u00a0';

/** The third-party remote-desktop tool used for remote sessions (open source, free). */
export const remoteTool = {
  name: 'RustDesk',
  downloadUrl: 'https://rustdesk.com/download',
  siteUrl: 'https://rustdesk.com',
} as const;

export const assistanceSteps: readonly ServiceStep[] = [
  {
    number: 1,
    title: 'Téléchargez et lancez RustDesk',
    description: 'Téléchargez le logiciel depuis son site officiel et ouvrez-le. Aucune installation compliquée ni compte à créer.',
  },
  {
    number: 2,
    title: 'Donnez-nous votre ID par téléphone',
    description: 'RustDesk affiche un identifiant (ID) et un mot de passe à usage unique. Communiquez-les au technicien au téléphone.',
  },
  {
    number: 3,
    title: 'L’expert prend la main',
    description:
      'Après votre accord, le technicien voit votre écran et intervient pendant que vous suivez tout. Vous pouvez couper la session à tout moment.',
  },
];

export const supportedSystems: readonly ServiceCard[] = [
  { icon: Monitor, title: 'Windows', text: 'Windows 11, Windows 10, Windows 8 et Windows 7.' },
  { icon: Apple, title: 'macOS', text: 'macOS Monterey, Big Sur et Catalina.' },
  { icon: TabletSmartphone, title: 'Mobiles', text: 'Smartphones et tablettes Android, iPhone et iPad (iOS).' },
];

/** Spec 3 §9, remote support. */
export const remoteFigures: readonly ServiceFigure[] = [
  { value: `30${NBSP}secondes`, label: 'pour établir la connexion' },
  { value: 'TLS 1.2', label: 'connexion chiffrée' },
  { value: `7${NBSP}jours sur${NBSP}7`, label: 'support à distance' },
];

export const remoteUses: readonly string[] = [
  'Ordinateur lent, message d’erreur, logiciel qui ne s’ouvre plus.',
  'Installation ou configuration d’une imprimante, d’une messagerie, d’un logiciel.',
  'Nettoyage de publicités et de programmes indésirables.',
  'Aide à la prise en main d’un nouvel ordinateur ou d’une nouvelle application.',
];

export const safetyRules: readonly string[] = [
  'Vous voyez en direct tout ce que fait le technicien.',
  'La session se termine dès que vous fermez RustDesk\u00a0; l’accès n’est pas conservé.',
  'Méfiez-vous des appels non sollicités\u00a0: si quelqu’un vous appelle pour vous demander un accès à votre ordinateur, raccrochez et rappelez-nous au numéro de ce site.',
  'Ne donnez jamais votre ID et votre mot de passe RustDesk à une personne que vous n’avez pas contactée vous-même.',
];
