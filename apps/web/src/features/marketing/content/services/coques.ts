import { CircleCheck, FileImage, Ruler, Timer } from 'lucide-react';
import type { ServiceStep } from './types';

/** Spec 3 §9: one price for a custom case. */
export const CASE_PRICE = 19.9;

export type CaseBrand = { brand: string; text: string; models: readonly string[] };

export const caseBrands: readonly CaseBrand[] = [
  {
    brand: 'Xiaomi',
    text: 'Des Redmi aux Poco, les Xiaomi les plus répandus sur le Bassin.',
    models: ['Redmi Note 13 et 13 Pro', 'Redmi Note 12', 'Xiaomi 14', 'Xiaomi 13T', 'Poco X6'],
  },
  {
    brand: 'Samsung',
    text: 'Gamme Galaxy S haut de gamme comme Galaxy A de tous les jours.',
    models: ['Galaxy S24 et S24 Ultra', 'Galaxy S23', 'Galaxy A55', 'Galaxy A35', 'Galaxy A15'],
  },
  {
    brand: 'iPhone',
    text: 'Les iPhone récents et ceux qui ont encore de belles années devant eux.',
    models: ['iPhone 16 et 16 Pro', 'iPhone 15', 'iPhone 14', 'iPhone 13', 'iPhone SE'],
  },
];

export const caseSteps: readonly ServiceStep[] = [
  {
    number: 1,
    title: 'Envoyez votre visuel',
    description:
      'Photo, logo ou dessin\u00a0: joignez un fichier PNG ou JPEG en haute résolution au formulaire de contact. Plus l’image est nette, plus l’impression le sera.',
  },
  {
    number: 2,
    title: 'Validation du design',
    description:
      'Nous vérifions le cadrage, la netteté et la place de l’objectif photo, puis nous vous soumettons l’aperçu. Rien n’est imprimé sans votre accord.',
  },
  {
    number: 3,
    title: 'Précisez le modèle exact',
    description:
      'Indiquez la référence précise de votre téléphone (par exemple «\u00a0Galaxy A55\u00a0» et non «\u00a0Galaxy A\u00a0»)\u00a0: chaque coque épouse les boutons et l’appareil photo d’un seul modèle.',
  },
  {
    number: 4,
    title: 'Fabrication rapide',
    description:
      'Une fois le visuel validé, la coque est fabriquée rapidement\u00a0: elle peut être prête en 24\u00a0h selon le modèle et l’activité de l’atelier. Nous vous prévenons dès qu’elle vous attend.',
  },
];

export const caseIncluded = [
  { icon: FileImage, title: 'Votre image, sans modèle imposé', text: 'Photo de famille, logo d’entreprise, dessin d’enfant ou création originale\u00a0: c’est votre fichier qui fait la coque.' },
  { icon: CircleCheck, title: 'Aperçu avant fabrication', text: 'Vous voyez le rendu final et pouvez demander une retouche avant que la coque ne soit imprimée.' },
  { icon: Ruler, title: 'Ajustée au millimètre', text: 'Découpes pour les boutons, le port de charge et le module photo de votre modèle précis.' },
  { icon: Timer, title: 'Prête vite', text: 'Possiblement prête en 24\u00a0h, à retirer à la boutique pendant les heures d’ouverture.' },
] as const;

export const caseFileTips: readonly string[] = [
  'Format PNG ou JPEG, en haute résolution (une photo prise avec un smartphone récent convient).',
  'Évitez les captures d’écran et les images récupérées sur les réseaux sociaux, souvent trop compressées.',
  'Laissez de la marge autour du sujet principal\u00a0: le bloc photo du téléphone masque une partie de l’image.',
  'Vous ne pouvez imprimer que des images dont vous détenez les droits (vos photos, votre logo).',
];
