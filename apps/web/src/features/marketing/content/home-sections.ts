import type { LucideIcon } from 'lucide-react';
import BatteryCharging from 'lucide-react/icons/battery-charging';
import Camera from 'lucide-react/icons/camera';
import Cpu from 'lucide-react/icons/cpu';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Laptop from 'lucide-react/icons/laptop';
import Mic from 'lucide-react/icons/mic';
import Plug from 'lucide-react/icons/plug';
import Radio from 'lucide-react/icons/radio';
import Smartphone from 'lucide-react/icons/smartphone';
import Speaker from 'lucide-react/icons/speaker';
import SquareDot from 'lucide-react/icons/square-dot';
import Tablet from 'lucide-react/icons/tablet';
import { REPAIRS_FROM_EUROS, REPAIR_WARRANTY_MONTHS } from '@erepare/shared/warranty';

/** Texts and figures of the home page below its first screen (spec 3 §2, §9): they load with it. */

export type ServiceSlide = { name: string; price: number; description: string; icon: LucideIcon; art: string };

/** Services carousel: starting prices of spec 3 §9, rotating every 5 s. */
export const serviceSlides: ServiceSlide[] = [
  {
    name: 'Smartphone',
    price: 49,
    description: 'Écran, batterie, connecteur de charge, caméra ou haut-parleur\u00a0: toutes marques, pièces de qualité.',
    icon: Smartphone,
    art: 'from-cyan-500 to-blue-700',
  },
  {
    name: 'Tablette',
    price: 79,
    description: 'Vitre tactile, écran, batterie ou connecteur pour iPad, Samsung Galaxy Tab, Lenovo et les autres.',
    icon: Tablet,
    art: 'from-sky-500 to-indigo-700',
  },
  {
    name: 'Console',
    price: 39,
    description: 'Manettes, joysticks, ports HDMI, ventilation et lecteurs pour Switch, PlayStation et Xbox.',
    icon: Gamepad2,
    art: 'from-violet-500 to-fuchsia-700',
  },
  {
    name: 'Ordinateur',
    price: 59,
    description: 'Diagnostic, écran, clavier, SSD, mémoire, nettoyage et suppression de virus pour PC et Mac.',
    icon: Laptop,
    art: 'from-emerald-500 to-teal-700',
  },
  {
    name: 'Micro-soudure',
    price: 89,
    description: 'Réparation de cartes mères au microscope\u00a0: puces de charge, connecteurs, pistes endommagées.',
    icon: Cpu,
    art: 'from-amber-500 to-orange-700',
  },
];

export type Repair = { name: string; description: string };
export type RepairTab = {
  id: string;
  label: string;
  common: Repair[];
  advanced: Repair[];
};

/** Interactive repair centre: 4 common and 4 advanced repairs per device tab. */
export const repairTabs: RepairTab[] = [
  {
    id: 'smartphones',
    label: 'Smartphones',
    common: [
      { name: 'Écran et vitre tactile', description: 'Écran fissuré, taches, tactile qui ne répond plus\u00a0: remplacement du bloc écran complet.' },
      { name: 'Batterie', description: 'Autonomie en baisse, téléphone qui s’éteint seul ou batterie gonflée\u00a0: batterie neuve.' },
      { name: 'Connecteur de charge', description: 'Le câble tient mal ou la charge se coupe\u00a0: nettoyage ou remplacement du connecteur.' },
      { name: 'Caméra et lentille', description: 'Photos floues, lentille brisée ou caméra noire\u00a0: module ou vitre de caméra remplacé.' },
    ],
    advanced: [
      { name: 'Micro-soudure de carte mère', description: 'Puce de charge, rétroéclairage ou composant défaillant réparé au microscope.' },
      { name: 'Désoxydation', description: 'Après un contact avec un liquide\u00a0: démontage, nettoyage et traitement des composants.' },
      { name: 'Récupération de données', description: 'Photos et contacts extraits d’un téléphone qui ne démarre plus.' },
      { name: 'Vitre arrière', description: 'Dos en verre brisé remplacé pour protéger l’appareil et lui rendre son aspect.' },
    ],
  },
  {
    id: 'tablettes',
    label: 'Tablettes',
    common: [
      { name: 'Vitre tactile', description: 'Vitre fendue ou zones tactiles mortes\u00a0: remplacement de la vitre ou de l’écran complet.' },
      { name: 'Batterie', description: 'Tablette qui ne tient plus la charge\u00a0: batterie neuve et contrôle de la charge.' },
      { name: 'Connecteur de charge', description: 'Charge intermittente ou impossible\u00a0: connecteur nettoyé ou remplacé.' },
      { name: 'Boutons et haut-parleurs', description: 'Bouton d’allumage, de volume ou son grésillant\u00a0: pièce remplacée.' },
    ],
    advanced: [
      { name: 'Écran LCD', description: 'Lignes, taches ou image noire derrière une vitre intacte\u00a0: dalle remplacée.' },
      { name: 'Carte mère', description: 'Tablette qui ne s’allume plus\u00a0: diagnostic électronique et micro-soudure.' },
      { name: 'Désoxydation', description: 'Tablette mouillée\u00a0: démontage et traitement rapide des composants.' },
      { name: 'Récupération de données', description: 'Documents et photos extraits d’une tablette hors service.' },
    ],
  },
  {
    id: 'ordinateurs',
    label: 'Ordinateurs',
    common: [
      { name: 'Nettoyage et ventilation', description: 'Ordinateur bruyant ou qui chauffe\u00a0: dépoussiérage, ventilateur et pâte thermique.' },
      { name: 'Écran de portable', description: 'Dalle fissurée ou image défaillante\u00a0: écran remplacé par un modèle compatible.' },
      { name: 'Clavier', description: 'Touches qui ne répondent plus ou liquide renversé\u00a0: clavier remplacé.' },
      { name: 'Suppression de virus', description: 'Publicités, lenteurs, fenêtres suspectes\u00a0: nettoyage complet, données conservées.' },
    ],
    advanced: [
      { name: 'Passage au SSD et mémoire', description: 'Démarrage en quelques secondes\u00a0: SSD installé, système et données transférés.' },
      { name: 'Connecteur d’alimentation', description: 'Portable qui ne charge plus\u00a0: prise ou circuit d’alimentation réparé.' },
      { name: 'Carte mère', description: 'Ordinateur qui ne démarre plus\u00a0: diagnostic électronique et réparation.' },
      { name: 'Récupération de données', description: 'Fichiers extraits d’un disque défaillant ou d’un ordinateur hors service.' },
    ],
  },
  {
    id: 'consoles',
    label: 'Consoles',
    common: [
      { name: 'Joysticks et manettes', description: 'Joystick qui dérive ou bouton qui ne répond plus\u00a0: module remplacé.' },
      { name: 'Port HDMI', description: 'Plus d’image sur la télévision\u00a0: port HDMI ressoudé ou remplacé.' },
      { name: 'Nettoyage et pâte thermique', description: 'Console bruyante qui surchauffe\u00a0: nettoyage complet et pâte thermique neuve.' },
      { name: 'Lecteur de disque', description: 'Disques non reconnus ou éjectés\u00a0: lecteur réparé ou remplacé.' },
    ],
    advanced: [
      { name: 'Écran de Switch', description: 'Écran fissuré de Switch, Switch Lite ou OLED remplacé.' },
      { name: 'Alimentation', description: 'Console qui ne s’allume plus\u00a0: bloc ou circuit d’alimentation réparé.' },
      { name: 'Micro-soudure', description: 'Puce de charge ou composant de carte mère remplacé au microscope.' },
      { name: 'Connecteur de charge Switch', description: 'Switch qui ne charge plus ou ne se connecte plus au dock\u00a0: connecteur USB-C remplacé.' },
    ],
  },
];

/** Exact string of spec 3 §2 (general tab of the repair centre). */
export const REPAIRS_FROM = `À partir de ${REPAIRS_FROM_EUROS}\u00a0€`;

export type Step = { number: number; title: string; description: string };

export const howItWorks: Step[] = [
  {
    number: 1,
    title: 'Contact',
    description:
      'Décrivez la panne en ligne, par téléphone ou à la boutique. Nous vous proposons un rendez-vous et préparons les pièces nécessaires.',
  },
  {
    number: 2,
    title: 'Devis et réparation',
    description:
      'Diagnostic sous 24 à 48\u00a0h et devis gratuit. Après votre accord, la réparation prend de 45\u00a0min à 1\u00a0h quand la pièce est en stock.',
  },
  {
    number: 3,
    title: 'Récupération',
    description: `Nous vous prévenons dès que l’appareil est prêt. Vous le récupérez testé, nettoyé et garanti ${REPAIR_WARRANTY_MONTHS}\u00a0mois.`,
  },
];

export type Statistic = { value: string; label: string };

/** Spec 3 §9 home statistics (the about page states other figures, on its own page). */
export const statistics: Statistic[] = [
  { value: '12 ans', label: 'd’expérience' },
  { value: '6700+', label: 'appareils réparés' },
  { value: '99\u00a0%', label: 'de clients satisfaits' },
  { value: '10k+', label: 'heures de réparation' },
];

/**
 * A customer review. `verified` is true only for a review the shop has matched to a real repair
 * or purchase (French consumer code, art. L111-7-2 and D111-17: the label "Avis vérifié" may only
 * be shown when a verification procedure exists, and the page must say whether reviews are
 * checked). The reviews below are samples written for the demo: replace them with real ones.
 */
export type Review = { name: string; rating: 1 | 2 | 3 | 4 | 5; text: string; verified: boolean };

/** How the reviews shown are collected and checked (required next to the reviews). */
export const reviewsNotice =
  'Avis transmis par nos clients à l’atelier. Le badge «\u00a0Avis vérifié\u00a0» n’apparaît que sur les avis rattachés à une réparation ou à un achat réels\u00a0; les autres ne font pas l’objet d’une vérification.';

export const reviews: Review[] = [
  {
    name: 'Julie M.',
    rating: 5,
    text: 'Écran de mon iPhone remplacé dans l’heure, le prix annoncé a été respecté. Accueil très sympathique, je recommande.',
    verified: false,
  },
  {
    name: 'Thomas L.',
    rating: 5,
    text: 'Ma Switch ne chargeait plus\u00a0: diagnostic clair, connecteur changé en deux jours. Mon fils a retrouvé sa console\u00a0!',
    verified: false,
  },
  {
    name: 'Nathalie B.',
    rating: 4,
    text: 'Ordinateur portable passé au SSD, il démarre enfin en quelques secondes. Il a fallu attendre la pièce, mais j’ai été tenue au courant.',
    verified: false,
  },
  {
    name: 'Karim D.',
    rating: 5,
    text: 'Téléphone tombé dans le bassin… Ils ont réussi à récupérer toutes mes photos. Merci pour votre réactivité.',
    verified: false,
  },
  {
    name: 'Sophie R.',
    rating: 5,
    text: 'Batterie de ma tablette changée pendant que je faisais mes courses. Travail soigné et explications honnêtes.',
    verified: false,
  },
];

export type Testimonial = { name: string; town: string; device: string; text: string };

/** Testimonials carousel: 6 entries, rotating every 4 s. */
export const testimonials: Testimonial[] = [
  {
    name: 'Marc P.',
    town: 'Arcachon',
    device: 'Samsung Galaxy S21',
    text: 'On m’avait conseillé de racheter un téléphone. Ici, une micro-soudure a suffi et il fonctionne parfaitement.',
  },
  {
    name: 'Émilie G.',
    town: 'La Teste-de-Buch',
    device: 'iPad Air',
    text: 'Vitre changée proprement, tactile impeccable. Le devis en ligne m’a évité un déplacement pour rien.',
  },
  {
    name: 'Laurent V.',
    town: 'Biganos',
    device: 'PC portable',
    text: 'Intervention à domicile pour un virus\u00a0: tout a été nettoyé sans perdre un seul fichier. Très professionnel.',
  },
  {
    name: 'Chloé T.',
    town: 'Le Teich',
    device: 'PlayStation\u00a05',
    text: 'Plus d’image à cause du port HDMI. Réparée en quelques jours, à un prix bien plus doux que je ne le pensais.',
  },
  {
    name: 'Hugo S.',
    town: 'Gujan-Mestras',
    device: 'iPhone 13',
    text: 'J’ai vendu mon ancien téléphone sur place et j’ai été payé tout de suite. Simple et rapide.',
  },
  {
    name: 'Isabelle F.',
    town: 'Mios',
    device: 'MacBook Pro',
    text: 'Clavier inutilisable après un café renversé. Il a été remplacé et l’ordinateur nettoyé. Encore merci\u00a0!',
  },
];

export type RepairPart = { id: string; name: string; icon: LucideIcon; explanation: string };

/** The 8-part repair selector of the home page. */
export const repairParts: RepairPart[] = [
  {
    id: 'ecran',
    name: 'Écran',
    icon: Smartphone,
    explanation:
      'Vitre fissurée, taches noires, lignes ou tactile capricieux\u00a0: nous remplaçons le bloc écran complet et vérifions le tactile, la luminosité et les capteurs avant de vous rendre l’appareil.',
  },
  {
    id: 'camera',
    name: 'Caméra',
    icon: Camera,
    explanation:
      'Photos floues, mise au point qui ne se fait plus, image noire ou lentille brisée\u00a0: nous remplaçons la lentille ou le module de caméra concerné, avant ou arrière.',
  },
  {
    id: 'haut-parleur',
    name: 'Haut-parleur',
    icon: Speaker,
    explanation:
      'Son faible, grésillant ou absent pendant les appels ou la musique\u00a0: nettoyage des grilles ou remplacement du haut-parleur ou de l’écouteur interne.',
  },
  {
    id: 'connecteur',
    name: 'Connecteur de charge',
    icon: Plug,
    explanation:
      'Le câble tient mal, la charge se coupe ou l’appareil n’est plus reconnu par l’ordinateur\u00a0: nettoyage du port ou remplacement du connecteur de charge.',
  },
  {
    id: 'batterie',
    name: 'Batterie',
    icon: BatteryCharging,
    explanation:
      'Autonomie qui fond, extinctions soudaines, batterie gonflée\u00a0: nous posons une batterie neuve et contrôlons le circuit de charge.',
  },
  {
    id: 'bouton-home',
    name: 'Bouton home',
    icon: SquareDot,
    explanation:
      'Bouton enfoncé, qui ne répond plus ou répond mal\u00a0: nous le réparons ou le remplaçons. Sur les iPhone, Touch ID n’est conservé qu’avec le bouton d’origine\u00a0: nous vous le précisons dans le devis.',
  },
  {
    id: 'micro',
    name: 'Micro',
    icon: Mic,
    explanation:
      'Vos correspondants ne vous entendent plus ou vous entendent mal\u00a0: nous nettoyons ou remplaçons le micro, souvent situé sur la nappe du connecteur de charge.',
  },
  {
    id: 'antenne',
    name: 'Antenne',
    icon: Radio,
    explanation:
      'Pas de réseau, Wi-Fi ou Bluetooth instable, appels qui coupent\u00a0: nous contrôlons et remplaçons les antennes ou leurs câbles internes.',
  },
];
