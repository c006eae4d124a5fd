import { Cpu, Newspaper, Smartphone, Wrench, type LucideIcon } from 'lucide-react';

/** Sample articles of the demo blog (spec 3 §2, §3): static, fixed dates and view counts. */

export type BlogCategory = 'tech' | 'repair' | 'mobile' | 'news';
export type BlogFilter = 'all' | BlogCategory;

export type BlogArticle = {
  id: number;
  title: string;
  excerpt: string;
  category: BlogCategory;
  /** Publication date, fixed (ISO 8601). */
  date: string;
  /** Reading time in minutes. */
  readTime: number;
  views: number;
  /** The article shown "À la une". */
  featured?: boolean;
};

export const blogFilters: readonly { id: BlogFilter; label: string }[] = [
  { id: 'all', label: 'Tous' },
  { id: 'tech', label: 'Tech' },
  { id: 'repair', label: 'Réparation' },
  { id: 'mobile', label: 'Mobile' },
  { id: 'news', label: 'Actualités' },
];

/** The "image" of an article: an icon on a gradient per category (no photo). */
export const blogCategoryStyles: Readonly<Record<BlogCategory, { label: string; icon: LucideIcon; gradient: string }>> = {
  tech: { label: 'Tech', icon: Cpu, gradient: 'from-indigo-600 to-sky-500' },
  repair: { label: 'Réparation', icon: Wrench, gradient: 'from-brand-700 to-emerald-500' },
  mobile: { label: 'Mobile', icon: Smartphone, gradient: 'from-fuchsia-600 to-orange-400' },
  news: { label: 'Actualités', icon: Newspaper, gradient: 'from-amber-500 to-rose-500' },
};

export const blogArticles: readonly BlogArticle[] = [
  {
    id: 1,
    title: 'Écran cassé\u00a0: faut-il réparer ou remplacer son smartphone\u00a0?',
    excerpt:
      'Prix de l’écran, état de la batterie, âge du téléphone : les critères simples qui permettent de décider, et pourquoi la réparation est presque toujours la solution la plus économique.',
    category: 'repair',
    date: '2026-10-14T09:00:00+02:00',
    readTime: 6,
    views: 1842,
    featured: true,
  },
  {
    id: 2,
    title: 'Batterie qui se vide trop vite\u00a0: 7 gestes pour la ménager',
    excerpt:
      'Luminosité, applications en arrière-plan, charge optimisée, chaleur : nos conseils d’atelier pour gagner des heures d’autonomie et retarder le changement de batterie.',
    category: 'mobile',
    date: '2026-10-02T09:00:00+02:00',
    readTime: 5,
    views: 1327,
  },
  {
    id: 3,
    title: 'SSD ou disque dur\u00a0: donnez une seconde vie à votre vieux PC',
    excerpt:
      'Un ordinateur de plusieurs années qui met des minutes à démarrer retrouve souvent une seconde jeunesse avec un SSD et un peu de mémoire. Explications et ordres de grandeur.',
    category: 'tech',
    date: '2026-09-18T09:00:00+02:00',
    readTime: 7,
    views: 964,
  },
  {
    id: 4,
    title: 'Téléphone tombé dans l’eau\u00a0: les bons réflexes',
    excerpt:
      'Éteindre l’appareil, ne pas le charger, oublier le bol de riz et l’apporter vite à l’atelier : ce qu’il faut faire (et éviter) dans les premières heures.',
    category: 'repair',
    date: '2026-09-05T09:00:00+02:00',
    readTime: 4,
    views: 2210,
  },
  {
    id: 5,
    title: 'Bonus réparation\u00a0: jusqu’à 60\u00a0€ déduits de votre facture',
    excerpt:
      'Smartphones, tablettes, ordinateurs portables, téléviseurs : comment fonctionne le bonus réparation QualiRépar et quels appareils hors garantie y ont droit.',
    category: 'news',
    date: '2026-08-21T09:00:00+02:00',
    readTime: 3,
    views: 1503,
  },
  {
    id: 6,
    title: 'Sable et sel\u00a0: protéger son téléphone au bord du Bassin',
    excerpt:
      'Plage, bateau, pêche à pied : le sable dans le connecteur de charge et les embruns sont les ennemis de nos appareils l’été. Quelques précautions simples.',
    category: 'mobile',
    date: '2026-07-10T09:00:00+02:00',
    readTime: 4,
    views: 876,
  },
  {
    id: 7,
    title: 'Virus ou simple lenteur\u00a0? Les signes qui doivent vous alerter',
    excerpt:
      'Fenêtres publicitaires, ventilateur qui s’emballe, navigateur modifié : comment distinguer un ordinateur fatigué d’un ordinateur infecté, et que faire dans chaque cas.',
    category: 'tech',
    date: '2026-06-26T09:00:00+02:00',
    readTime: 6,
    views: 1118,
  },
  {
    id: 8,
    title: 'L’atelier reprend aussi vos anciens appareils',
    excerpt:
      'Un smartphone ou une console qui dort dans un tiroir peut encore valoir quelque chose : estimation, reprise et reconditionnement, comment se passe la revente à l’atelier.',
    category: 'news',
    date: '2026-06-12T09:00:00+02:00',
    readTime: 3,
    views: 689,
  },
];

const dateFormatter = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' });
const numberFormatter = new Intl.NumberFormat('fr-FR');

/** "14 octobre 2026": the same on the server and in every browser. */
export function formatArticleDate(iso: string): string {
  return dateFormatter.format(new Date(iso));
}

/** "1 842 vues". */
export function formatViews(views: number): string {
  return `${numberFormatter.format(views)}\u00a0vue${views > 1 ? 's' : ''}`;
}

/** The articles of the list under the filter (the featured one is shown apart, above it). */
export function filterArticles(articles: readonly BlogArticle[], filter: BlogFilter): BlogArticle[] {
  return articles.filter((article) => !article.featured && (filter === 'all' || article.category === filter));
}
