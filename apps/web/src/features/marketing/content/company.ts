import {
  BadgeCheck,
  Bug,
  Database,
  Globe,
  Monitor,
  PackageCheck,
  Smartphone,
  Stethoscope,
  Tablet,
  UserCog,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { siFacebook, siInstagram, siTiktok, type SimpleIcon } from 'simple-icons';
import type { StoreProfile } from '@erepare/shared/store-profile';
import { REPAIR_WARRANTY_MONTHS } from '@erepare/shared/warranty';

/** Texts of the about page (/a-propos, /about) and of the social networks page (spec 3 §2, §9). */

export type AboutService = {
  title: string;
  description: string;
  icon: LucideIcon;
  /** Page that tells more, when there is one. */
  link?: { to: string; label: string };
};

export const aboutServices: readonly AboutService[] = [
  {
    title: 'Dépannage de PC de bureau',
    description:
      'Ordinateur qui ne démarre plus, lent ou bruyant : diagnostic de la carte mère, de l’alimentation et du stockage, nettoyage, remplacement de pièces et mise à niveau (mémoire, SSD).',
    icon: Monitor,
    link: { to: '/services/maintenance', label: 'Mise à niveau de votre ordinateur' },
  },
  {
    title: 'Réparation de tablettes',
    description:
      'Vitre ou écran cassé, batterie fatiguée, connecteur de charge défaillant : iPad, Samsung Galaxy Tab, Lenovo et la plupart des tablettes du marché.',
    icon: Tablet,
  },
  {
    title: 'Récupération de données',
    description:
      'Photos, documents et contacts récupérés sur téléphones, disques durs, clés USB et cartes mémoire, même après une chute ou une panne.',
    icon: Database,
    link: { to: '/services/recuperation', label: 'Notre service de récupération' },
  },
  {
    title: 'Web et serveurs',
    description:
      'Création de sites internet pour les artisans et les entreprises, installation et maintenance de serveurs et de NAS pour sauvegarder vos fichiers.',
    icon: Globe,
    link: { to: '/services/web', label: 'Création de sites internet' },
  },
  {
    title: 'Suppression de virus',
    description:
      'Virus, logiciels espions, publicités envahissantes ou rançongiciels : nettoyage complet, réinstallation en conservant vos données et conseils de prévention.',
    icon: Bug,
    link: { to: '/services/virus', label: 'Nettoyage de virus et logiciels malveillants' },
  },
  {
    title: 'Réparation de smartphones',
    description:
      'Écran, batterie, connecteur de charge, caméra, haut-parleur ou micro : iPhone, Samsung, Xiaomi, Google Pixel et bien d’autres, le plus souvent dans la journée quand la pièce est en stock.',
    icon: Smartphone,
  },
];

export type Advantage = { title: string; description: string; icon: LucideIcon };

export const aboutAdvantages: readonly Advantage[] = [
  {
    title: 'Diagnostic gratuit',
    description: 'Nous identifions la panne et vous annonçons le prix avant toute intervention, sans engagement.',
    icon: Stethoscope,
  },
  {
    title: 'Pièces en stock',
    description: 'Les pièces les plus demandées sont disponibles à l’atelier ; les autres arrivent par transporteur en 24 h.',
    icon: PackageCheck,
  },
  {
    title: 'Qualité d’origine',
    description: 'Nous posons des pièces de qualité d’origine, testées avant et après le montage.',
    icon: BadgeCheck,
  },
  {
    title: 'Rapidité',
    description: 'Une fois la pièce disponible, la plupart des réparations prennent de 45\u00a0minutes à 1\u00a0heure.',
    icon: Zap,
  },
  {
    title: 'Technicien spécialisé',
    description: 'Votre appareil est réparé sur place par un technicien formé à la micro-soudure et au diagnostic électronique.',
    icon: UserCog,
  },
];

/** The about page's own figures (spec 3 §9): they differ from the home page's on purpose. */
export type KeyFigure = { value: string; label: string };

export const aboutFigures: readonly KeyFigure[] = [
  { value: '10 ans', label: 'd’expérience' },
  { value: '4500+', label: 'réparations' },
  { value: '6000+', label: 'clients' },
  { value: '500\u00a0To', label: 'récupérés' },
  { value: '95\u00a0%', label: 'de réussite en récupération de données' },
];

export const aboutGuarantee = {
  title: '«\u00a0Pas réparé, pas payé\u00a0»',
  text: 'Si nous ne parvenons pas à réparer votre appareil, vous ne payez pas la réparation : le diagnostic est gratuit et votre appareil vous est rendu sans frais.',
  points: [
    'Le prix est annoncé et accepté avant toute intervention.',
    `Les réparations sont garanties ${REPAIR_WARRANTY_MONTHS}\u00a0mois (hors casse et oxydation).`,
    'Vos données restent confidentielles : nous n’y accédons que si la réparation l’exige.',
  ],
} as const;

/** The founder's block of the about page, naming the shop and its town from the store profile. */
export function aboutOwner(profile: StoreProfile) {
  return {
    title: 'Le fondateur, technicien de l’atelier',
    paragraphs: [
      `Derrière le comptoir de ${profile.name}, c’est le fondateur lui-même qui vous accueille, pose le diagnostic et répare votre appareil. Technicien depuis 10\u00a0ans, il a fait de la réparation électronique son métier\u00a0: smartphones, tablettes, ordinateurs, consoles et montres passent chaque jour entre ses mains.`,
      `Il a installé l’atelier à ${profile.address.city}, au cœur du bassin d’Arcachon, avec une idée simple\u00a0: réparer plutôt que remplacer, expliquer la panne avec des mots clairs et annoncer un prix honnête avant de commencer.`,
    ],
  } as const;
}

export type SocialNetwork = {
  id: 'facebook' | 'instagram' | 'tiktok';
  name: string;
  url: string;
  icon: SimpleIcon;
  description: string;
  /** Background of the logo badge (text on it is white: contrast checked ≥ 4.5:1). */
  badgeClass: string;
};

/** The shop's social networks from the store profile (a network left empty is not shown). */
export function socialNetworks(profile: StoreProfile): SocialNetwork[] {
  const networks: SocialNetwork[] = [
    {
      id: 'facebook',
      name: 'Facebook',
      url: profile.social.facebook,
      icon: siFacebook,
      description:
        'Les nouvelles de l’atelier, les horaires exceptionnels (jours fériés, vacances) et nos conseils pour prolonger la vie de vos appareils.',
      badgeClass: 'bg-[#0866ff]',
    },
    {
      id: 'instagram',
      name: 'Instagram',
      url: profile.social.instagram,
      icon: siInstagram,
      description: 'Les réparations du jour en images : écrans remplacés, consoles remises à neuf, avant et après.',
      badgeClass: 'bg-linear-to-br from-[#833ab4] via-[#c13584] to-[#e1306c]',
    },
    {
      id: 'tiktok',
      name: 'TikTok',
      url: profile.social.tiktok,
      icon: siTiktok,
      description: 'De courtes vidéos pour voir l’atelier en action : démontages, micro-soudure et astuces du quotidien.',
      badgeClass: 'bg-black ring-1 ring-slate-600',
    },
  ];
  return networks.filter((network) => network.url);
}

/** "@erepare.exemple" from a profile address (the last part of its path). */
export function socialHandle(url: string): string {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  return last.startsWith('@') ? last : `@${last}`;
}
