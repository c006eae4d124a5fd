/**
 * One sentence per service page (≤ 160 characters): the page's description for search engines
 * (structured data, and the meta description if the layout reads it from here).
 */
export const serviceDescriptions: Readonly<Record<string, string>> = {
  'picofly-installation':
    'Installation de puce Picofly sur Nintendo Switch Lite, V1, V2 et OLED\u00a0: 80\u00a0€ de base, options au choix, 5 à 7 jours ou 48\u00a0h en express.',
  coques: 'Coques de téléphone personnalisées avec votre photo ou votre logo pour Xiaomi, Samsung et iPhone, à 19,90\u00a0€, possiblement prêtes en 24\u00a0h.',
  recuperation:
    'Récupération de données sur téléphone, tablette, console, carte mémoire, clé USB et disque dur, et installation de sauvegardes NAS.',
  surveillance:
    'Installation de caméras de surveillance intérieures, extérieures et sans fil, réseau domestique, support à distance et garantie complète.',
  web: 'Création de sites web pour start-ups, PME et grandes entreprises\u00a0: design, développement, SEO, maintenance, IA et chatbots.',
  maintenance:
    'Amélioration matérielle de votre ordinateur\u00a0: RAM, SSD, processeur, carte graphique. Diagnostic gratuit, 60 à 80\u00a0% moins cher que du neuf.',
  virus:
    'Suppression de virus, rançongiciels et logiciels espions, réparation du système, réinstallation en conservant vos données et conseils de prévention.',
  assistance:
    'Assistance informatique à distance avec RustDesk\u00a0: connexion en 30 secondes, chiffrée, pour Windows, macOS, Android et iOS.',
  vente:
    'Rachat de smartphones, tablettes, ordinateurs, consoles et montres, et vente d’appareils reconditionnés garantis 6 mois, jusqu’à 50\u00a0% moins chers.',
};
