import { REPAIRS_FROM_EUROS, REPAIR_WARRANTY_MONTHS } from '@erepare/shared/warranty';
/**
 * The 13 questions of the FAQ (spec 3 §3, §9), shown on /faq, in part on the home page, and as
 * FAQPage structured data. Answers state only the shop's business facts of spec 3 §9.
 */
export const faqCategories = [
  'Réparations',
  'Interventions à domicile',
  'Garanties & Données',
  'Devis & Services',
  'Vendre son appareil',
] as const;

export type FaqCategory = (typeof faqCategories)[number];

export type FaqEntry = {
  id: string;
  category: FaqCategory;
  question: string;
  answer: string;
  /** A page the answer points to, shown as a link after the text. */
  link?: { to: string; label: string };
};

export const faqEntries: FaqEntry[] = [
  {
    id: 'appareils-repares',
    category: 'Réparations',
    question: 'Quels appareils réparez-vous\u00a0?',
    answer:
      'Nous réparons les smartphones, les tablettes, les ordinateurs portables et de bureau, les consoles de jeux et les montres connectées, toutes marques confondues. Les réparations commencent à partir de 29\u00a0€\u00a0; le prix exact dépend du modèle et de la pièce à remplacer.',
  },
  {
    id: 'duree-reparation',
    category: 'Réparations',
    question: 'Combien de temps dure une réparation\u00a0?',
    answer:
      'Le diagnostic est établi sous 24 à 48\u00a0heures. Une fois les pièces en stock, l’intervention elle-même prend de 45\u00a0minutes à 1\u00a0heure pour la plupart des pannes courantes (écran, batterie, connecteur de charge).',
  },
  {
    id: 'rendez-vous',
    category: 'Réparations',
    question: 'Faut-il prendre rendez-vous\u00a0?',
    answer:
      'Oui, les réparations se font sur rendez-vous, à l’exception de certaines réparations Apple. Prenez rendez-vous en ligne ou par téléphone\u00a0: nous vous confirmons le créneau et préparons les pièces avant votre venue.',
    link: { to: '/devis-en-ligne', label: 'Prendre rendez-vous en ligne' },
  },
  {
    id: 'domicile-horaires',
    category: 'Interventions à domicile',
    question: 'Intervenez-vous à domicile\u00a0?',
    answer:
      'Oui. Les interventions à domicile ont lieu l’après-midi uniquement, sur rendez-vous. Contactez-nous pour convenir d’un créneau et vérifier que votre commune est desservie.',
    link: { to: '/contact', label: 'Demander une intervention' },
  },
  {
    id: 'domicile-prestations',
    category: 'Interventions à domicile',
    question: 'Que pouvez-vous faire chez moi\u00a0?',
    answer:
      'À domicile, nous installons et configurons ordinateurs, imprimantes, box et réseaux Wi-Fi, nous supprimons les virus et nous mettons en place les caméras de surveillance. Les réparations qui demandent un démontage ou de la soudure se font à l’atelier, où nous disposons de l’outillage adapté.',
  },
  {
    id: 'garantie',
    category: 'Garanties & Données',
    question: 'Mes réparations sont-elles garanties\u00a0?',
    answer:
      `Oui. Chaque réparation est garantie ${REPAIR_WARRANTY_MONTHS}\u00a0mois. La garantie couvre la pièce remplacée et notre intervention, mais pas la casse ni l’oxydation survenues après la réparation.`,
  },
  {
    id: 'donnees',
    category: 'Garanties & Données',
    question: 'Vais-je perdre mes données pendant la réparation\u00a0?',
    answer:
      'Le remplacement d’un écran, d’une batterie ou d’un connecteur ne touche pas à vos données, et nous ne consultons jamais le contenu de vos appareils. Nous vous conseillons tout de même de faire une sauvegarde avant le dépôt lorsque l’appareil le permet. Si vos données sont déjà inaccessibles, notre service de récupération de données peut vous aider.',
    link: { to: '/services/recuperation', label: 'Découvrir la récupération de données' },
  },
  {
    id: 'oxydation',
    category: 'Garanties & Données',
    question: 'Mon téléphone est tombé dans l’eau, que faire\u00a0?',
    answer:
      'Éteignez-le tout de suite, ne le branchez pas et apportez-le-nous au plus vite\u00a0: plus le nettoyage est rapide, plus les chances de le sauver sont grandes. Nous démontons l’appareil et traitons les composants oxydés. L’oxydation étant évolutive, ce type d’intervention ne peut pas être couvert par la garantie.',
  },
  {
    id: 'devis-en-ligne',
    category: 'Devis & Services',
    question: 'Comment obtenir un devis\u00a0?',
    answer:
      'Le plus simple est notre module de devis en ligne «\u00a0devisauto\u00a0»\u00a0: choisissez votre appareil, son modèle et la panne, ajoutez si besoin une photo, et nous vous répondons avec un prix. Le devis est gratuit et sans engagement\u00a0; vous pouvez aussi nous appeler ou passer à la boutique.',
    link: { to: '/devis-en-ligne', label: 'Faire mon devis en ligne' },
  },
  {
    id: 'prix',
    category: 'Devis & Services',
    question: 'Combien coûte une réparation\u00a0?',
    answer:
      `Nos réparations commencent à partir de ${REPAIRS_FROM_EUROS}\u00a0€. Le prix dépend de l’appareil, du modèle et de la pièce\u00a0; il vous est toujours annoncé avant l’intervention et rien n’est fait sans votre accord.`,
  },
  {
    id: 'pieces',
    category: 'Devis & Services',
    question: 'Que se passe-t-il si la pièce n’est pas en stock\u00a0?',
    answer:
      'Nous la commandons auprès de nos fournisseurs et elle nous est livrée par transporteur en 24\u00a0h. Nous vous prévenons dès sa réception\u00a0: la réparation prend ensuite de 45\u00a0minutes à 1\u00a0heure.',
  },
  {
    id: 'paiement-rachat',
    category: 'Vendre son appareil',
    question: 'Quand suis-je payé si je vends mon appareil\u00a0?',
    answer:
      'En boutique, vous êtes payé immédiatement. Par courrier, le paiement intervient dans les 2\u00a0jours ouvrés suivant la réception de l’appareil, après vérification de son numéro IMEI et de son bon fonctionnement.',
    link: { to: '/services/vente', label: 'Estimer mon appareil' },
  },
  {
    id: 'blacklist',
    category: 'Vendre son appareil',
    question: 'Rachetez-vous les appareils bloqués ou signalés volés\u00a0?',
    answer:
      'Non. Les appareils inscrits sur liste noire (blacklistés), c’est-à-dire déclarés perdus ou volés ou bloqués par l’opérateur, ne sont pas rachetés. Le contrôle de l’IMEI est fait systématiquement avant tout rachat.',
  },
];
