import { HardDriveDownload, Mail, ScanSearch, ShieldCheck, Usb, Wrench, Globe, Download, MonitorCog, KeyRound } from 'lucide-react';
import type { ServiceCard, ServiceStep } from './types';

export type Severity = 'Modéré' | 'Élevé' | 'Critique';

/** Spec 3 §3: threat type = name, description, severity. */
export type ThreatType = { name: string; description: string; severity: Severity };

export const threatTypes: readonly ThreatType[] = [
  {
    name: 'Virus',
    description: 'Programme qui se greffe sur vos fichiers et se propage à chaque ouverture, jusqu’à corrompre le système.',
    severity: 'Élevé',
  },
  {
    name: 'Cheval de Troie',
    description: 'Logiciel d’apparence anodine qui ouvre en cachette l’accès de votre ordinateur à un pirate.',
    severity: 'Critique',
  },
  {
    name: 'Rançongiciel',
    description: 'Chiffre vos photos et documents puis réclame une rançon. Ne payez pas\u00a0: contactez-nous immédiatement.',
    severity: 'Critique',
  },
  {
    name: 'Logiciel espion',
    description: 'Enregistre ce que vous tapez et ce que vous visitez pour dérober mots de passe et coordonnées bancaires.',
    severity: 'Élevé',
  },
  {
    name: 'Ver informatique',
    description: 'Se copie tout seul d’un appareil à l’autre par le réseau ou les clés USB, sans action de votre part.',
    severity: 'Élevé',
  },
  {
    name: 'Publiciel (adware)',
    description: 'Fenêtres publicitaires, page d’accueil modifiée, barres d’outils imposées\u00a0: pénible et ralentissant.',
    severity: 'Modéré',
  },
];

export const infectionCauses: readonly ServiceCard[] = [
  { icon: Mail, title: 'Pièces jointes piégées', text: 'Fausses factures, faux colis, faux messages d’un service public.' },
  { icon: Download, title: 'Téléchargements douteux', text: 'Logiciels «\u00a0gratuits\u00a0» ou piratés, films et jeux récupérés sur des sites non officiels.' },
  { icon: Globe, title: 'Sites frauduleux', text: 'Fausses alertes «\u00a0votre ordinateur est infecté\u00a0» et faux supports techniques.' },
  { icon: Usb, title: 'Clés USB partagées', text: 'Une clé branchée sur un ordinateur infecté contamine le suivant.' },
  { icon: MonitorCog, title: 'Système pas à jour', text: 'Les failles connues d’un Windows ou d’un navigateur non mis à jour sont exploitées.' },
  { icon: KeyRound, title: 'Mots de passe volés', text: 'Un même mot de passe partout\u00a0: une seule fuite suffit à tout ouvrir.' },
];

export const removalSteps: readonly ServiceStep[] = [
  {
    number: 1,
    title: 'Diagnostic complet',
    description: 'Analyse approfondie avec plusieurs outils spécialisés pour identifier chaque menace et mesurer les dégâts.',
  },
  {
    number: 2,
    title: 'Isolement et suppression',
    description: 'L’ordinateur est isolé du réseau, puis les logiciels malveillants sont supprimés, y compris ceux qui se cachent au démarrage.',
  },
  {
    number: 3,
    title: 'Réparation du système',
    description: 'Fichiers système, navigateurs et réglages modifiés par les menaces sont restaurés\u00a0; les mises à jour sont installées.',
  },
  {
    number: 4,
    title: 'Protection et conseils',
    description: 'Mise en place d’une protection adaptée et explication des bons réflexes pour ne pas être infecté à nouveau.',
  },
];

export const includedServices: readonly ServiceCard[] = [
  { icon: ScanSearch, title: 'Analyse approfondie', text: 'Recherche de virus, logiciels espions, publiciels et programmes indésirables.' },
  { icon: Wrench, title: 'Nettoyage et optimisation', text: 'Programmes inutiles retirés au démarrage, fichiers temporaires supprimés.' },
  { icon: ShieldCheck, title: 'Protection installée', text: 'Antivirus configuré et mises à jour automatiques activées.' },
  { icon: HardDriveDownload, title: 'Sauvegarde de vos données', text: 'Vos fichiers personnels sont sauvegardés avant toute intervention lourde.' },
];

export const reinstallPoints: readonly string[] = [
  'Sauvegarde de vos documents, photos, favoris et messagerie avant l’intervention.',
  'Réinstallation propre du système d’exploitation et des pilotes.',
  'Remise en place de vos données, une fois vérifiées saines.',
  'Réinstallation de vos logiciels habituels (sous réserve de leurs licences).',
];

export const preventionAdvice: readonly string[] = [
  'Installez les mises à jour de Windows, macOS et de vos logiciels dès qu’elles sont proposées.',
  'Téléchargez vos logiciels uniquement sur le site de leur éditeur ou dans les magasins officiels.',
  'Méfiez-vous des messages urgents qui demandent de cliquer, de payer ou de vous connecter.',
  'Utilisez un mot de passe différent pour chaque compte, idéalement avec un gestionnaire de mots de passe.',
  'Activez la double authentification sur votre messagerie et vos comptes bancaires.',
  'Sauvegardez régulièrement vos fichiers sur un support débranché après la copie.',
  'Ne laissez jamais prendre le contrôle de votre ordinateur par quelqu’un qui vous a appelé sans que vous l’ayez demandé.',
];

export const infectionSigns: readonly string[] = [
  'L’ordinateur est devenu très lent ou le ventilateur tourne sans arrêt.',
  'Des fenêtres publicitaires s’ouvrent toutes seules.',
  'La page d’accueil ou le moteur de recherche du navigateur a changé.',
  'Vos fichiers ont une extension inconnue et ne s’ouvrent plus.',
  'Vos contacts reçoivent des messages que vous n’avez pas envoyés.',
];
