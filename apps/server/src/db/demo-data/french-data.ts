/**
 * The lists the demo repair desk is drawn from: people and places of the Arcachon basin,
 * devices brought in for repair and their faults, and the shop's catalogue (refurbished
 * devices, accessories, spare parts). Names of people and organisations are invented; e-mail
 * domains are reserved example domains and phone numbers are in the ranges ARCEP reserves for
 * fiction, so that nothing here can reach a real person.
 */
import type { DeviceCategory } from '@erepare/shared/tickets';

// ───────────────────────────── People and places ─────────────────────────────

export const firstNames = [
  'Camille', 'Léa', 'Manon', 'Chloé', 'Emma', 'Inès', 'Sarah', 'Julie', 'Laura', 'Pauline',
  'Marine', 'Mathilde', 'Océane', 'Lucie', 'Anaïs', 'Clara', 'Élodie', 'Charlotte', 'Justine', 'Margaux',
  'Nathalie', 'Isabelle', 'Sandrine', 'Valérie', 'Sophie', 'Christine', 'Catherine', 'Martine', 'Sylvie', 'Brigitte',
  'Monique', 'Françoise', 'Hélène', 'Céline', 'Aurélie', 'Émilie', 'Jade', 'Louise', 'Alice', 'Zoé',
  'Thomas', 'Nicolas', 'Julien', 'Maxime', 'Alexandre', 'Antoine', 'Kevin', 'Quentin', 'Romain', 'Lucas',
  'Hugo', 'Théo', 'Louis', 'Nathan', 'Enzo', 'Mathis', 'Clément', 'Baptiste', 'Florian', 'Guillaume',
  'Jean-Pierre', 'Philippe', 'Michel', 'Alain', 'Patrick', 'Christophe', 'Stéphane', 'Laurent', 'Frédéric', 'Olivier',
  'Éric', 'Pascal', 'Thierry', 'Didier', 'Bernard', 'Sébastien', 'Jérôme', 'Cédric', 'Benoît', 'Arnaud',
  'Jean-Marc', 'Yannick', 'Gaëtan', 'Loïc', 'Mickaël', 'Fabien', 'Damien', 'Adrien', 'Paul', 'Gabriel',
] as const;

export const lastNames = [
  'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau',
  'Simon', 'Laurent', 'Lefèvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier',
  'Morel', 'Girard', 'André', 'Lefebvre', 'Mercier', 'Dupont', 'Lambert', 'Bonnet', 'François', 'Martinez',
  'Legrand', 'Garnier', 'Faure', 'Rousseau', 'Blanc', 'Guérin', 'Muller', 'Henry', 'Roussel', 'Nicolas',
  'Perrin', 'Morin', 'Mathieu', 'Clément', 'Gauthier', 'Dumont', 'Lopez', 'Fontaine', 'Chevalier', 'Robin',
  'Masson', 'Sanchez', 'Gérard', 'Nguyen', 'Boyer', 'Denis', 'Lemaire', 'Duval', 'Joly', 'Gautier',
  'Roger', 'Roche', 'Roy', 'Noël', 'Meyer', 'Lucas', 'Meunier', 'Jean', 'Pérez', 'Marchand',
  'Dufour', 'Blanchard', 'Barbier', 'Brun', 'Dumas', 'Brunet', 'Schmitt', 'Leroux', 'Colin', 'Fernandez',
  // Names common in the south-west.
  'Lacoste', 'Dupuy', 'Labat', 'Darriet', 'Lagardère', 'Castaing', 'Dubernet', 'Larrieu', 'Bordes', 'Lafitte',
  'Cazenave', 'Ducasse', 'Lalanne', 'Daney', 'Bouscarrut', 'Baleste', 'Courbin', 'Lesca', 'Mesplède', 'Despujols',
  'Le Gall', "D'Almeida", 'Da Silva', 'Ferreira', 'Laborde', 'Pujol', 'Sarrazin', 'Capdeville', 'Dartigues', 'Soulé',
] as const;

export type Town = { name: string; postcode: string; weight: number };

/** The towns of the Arcachon basin and around, with their real postcodes. */
export const towns: readonly Town[] = [
  { name: 'Gujan-Mestras', postcode: '33470', weight: 22 },
  { name: 'La Teste-de-Buch', postcode: '33260', weight: 14 },
  { name: 'Arcachon', postcode: '33120', weight: 12 },
  { name: 'Le Teich', postcode: '33470', weight: 8 },
  { name: 'Biganos', postcode: '33380', weight: 8 },
  { name: 'Andernos-les-Bains', postcode: '33510', weight: 6 },
  { name: 'Audenge', postcode: '33980', weight: 5 },
  { name: 'Mios', postcode: '33380', weight: 5 },
  { name: 'Lanton', postcode: '33138', weight: 4 },
  { name: 'Arès', postcode: '33740', weight: 4 },
  { name: 'Lège-Cap-Ferret', postcode: '33950', weight: 4 },
  { name: 'Marcheprime', postcode: '33380', weight: 3 },
  { name: 'Belin-Béliet', postcode: '33830', weight: 3 },
];

export const streets = [
  'allée des Pins', 'rue des Pêcheurs', 'avenue de la Plage', 'rue du Port', 'allée des Mimosas',
  'chemin des Ostréiculteurs', 'rue des Résiniers', 'impasse des Arbousiers', 'allée des Bruyères', 'rue Victor Hugo',
  'avenue de la République', 'rue Jules Ferry', 'avenue du Général de Gaulle', 'rue Pasteur', 'allée des Chênes',
  'rue des Écoles', 'avenue des Lacs', 'rue de la Dune', 'allée des Arbousiers', 'chemin de la Lette',
  'rue des Mouettes', 'avenue de Bordeaux', 'rue des Cigales', 'allée des Tamaris', 'rue du Stade',
  'avenue Gambetta', 'rue Jean Jaurès', 'allée des Genêts', 'rue des Goélands', 'cours de la Marne',
  'rue de la Forêt', 'chemin du Moulin', 'rue des Acacias', 'allée des Cormorans', 'avenue de l’Océan',
] as const;

export const addressComplements = [
  'Résidence Les Pins, bât. B', 'Appartement 12', 'Résidence du Port, appt 4', 'Lotissement Les Bruyères',
  'Villa Les Mouettes', 'Bâtiment C, 2e étage', 'Résidence Océane', 'Maison au fond de l’allée',
] as const;

/** Reserved example domains only (RFC 2606 and their French counterparts): no mail can be delivered. */
export const emailDomains = [
  ['exemple.fr', 30],
  ['exemple.com', 15],
  ['example.com', 20],
  ['example.org', 10],
  ['example.net', 10],
  ['courriel.exemple.fr', 8],
  ['mail.example.com', 7],
] as const satisfies readonly (readonly [string, number])[];

/** Invented local businesses (professional customers). */
export const organizations = [
  'Cabane ostréicole du Canal', 'Boulangerie des Pêcheurs', 'Agence Immobilière du Bassin', 'Cabinet infirmier des Pins',
  'École de surf Océane', 'Restaurant La Pinasse', 'Camping Les Arbousiers', 'Pharmacie de la Dune',
  'Garage du Teich', 'Auto-école du Delta', 'Fleurs et Marées', 'Menuiserie Lagardère',
  'Cave des Prés Salés', 'Salon Coiffure & Sel', 'Charpentes du Bassin', 'Librairie du Port',
] as const;

export const referralSources = [
  ['', 40],
  ['Google', 20],
  ['Bouche-à-oreille', 18],
  ['Facebook', 7],
  ['Instagram', 5],
  ['Pages Jaunes', 3],
  ['Passage devant la boutique', 7],
] as const satisfies readonly (readonly [string, number])[];

// ───────────────────────────── Devices brought in for repair ─────────────────────────────

export type TicketDeviceModel = {
  category: DeviceCategory;
  brand: string;
  name: string;
  /** Model references; a reference ending in "Cellular" or "4G"/"5G" has an IMEI. */
  models: readonly string[];
  /** 0 for an entry-level device, 1 for a flagship: places the repair price in the fault's range. */
  tier: number;
  weight: number;
};

export const ticketDeviceModels: readonly TicketDeviceModel[] = [
  // Téléphones
  { category: 'Téléphone', brand: 'Apple', name: 'iPhone 8', models: ['A1905'], tier: 0.2, weight: 2 },
  { category: 'Téléphone', brand: 'Apple', name: 'iPhone X', models: ['A1901'], tier: 0.45, weight: 2 },
  { category: 'Téléphone', brand: 'Apple', name: 'iPhone XR', models: ['A2105'], tier: 0.35, weight: 4 },
  { category: 'Téléphone', brand: 'Apple', name: 'iPhone 11', models: ['A2221'], tier: 0.4, weight: 8 },
  { category: 'Téléphone', brand: 'Apple', name: 'iPhone 11 Pro', models: ['A2215'], tier: 0.6, weight: 3 },
  { category: 'Téléphone', brand: 'Apple', name: 'iPhone 12', models: ['A2403'], tier: 0.55, weight: 7 },
  { category: 'Téléphone', brand: 'Apple', name: 'iPhone 12 Pro', models: ['A2407'], tier: 0.7, weight: 3 },
  { category: 'Téléphone', brand: 'Apple', name: 'iPhone 13', models: ['A2633'], tier: 0.65, weight: 8 },
  { category: 'Téléphone', brand: 'Apple', name: 'iPhone 13 Pro', models: ['A2638'], tier: 0.8, weight: 3 },
  { category: 'Téléphone', brand: 'Apple', name: 'iPhone 14', models: ['A2882'], tier: 0.75, weight: 5 },
  { category: 'Téléphone', brand: 'Apple', name: 'iPhone 14 Pro', models: ['A2890'], tier: 0.9, weight: 3 },
  { category: 'Téléphone', brand: 'Apple', name: 'iPhone 15', models: ['A3090'], tier: 0.85, weight: 3 },
  { category: 'Téléphone', brand: 'Apple', name: 'iPhone 15 Pro', models: ['A3102'], tier: 1, weight: 2 },
  { category: 'Téléphone', brand: 'Apple', name: 'iPhone SE (2022)', models: ['A2783'], tier: 0.25, weight: 3 },
  { category: 'Téléphone', brand: 'Samsung', name: 'Galaxy S21', models: ['SM-G991B'], tier: 0.6, weight: 3 },
  { category: 'Téléphone', brand: 'Samsung', name: 'Galaxy S22', models: ['SM-S901B'], tier: 0.7, weight: 3 },
  { category: 'Téléphone', brand: 'Samsung', name: 'Galaxy S23 Ultra', models: ['SM-S918B'], tier: 1, weight: 2 },
  { category: 'Téléphone', brand: 'Samsung', name: 'Galaxy A12', models: ['SM-A125F'], tier: 0.05, weight: 4 },
  { category: 'Téléphone', brand: 'Samsung', name: 'Galaxy A13', models: ['SM-A135F'], tier: 0.1, weight: 4 },
  { category: 'Téléphone', brand: 'Samsung', name: 'Galaxy A52', models: ['SM-A525F'], tier: 0.3, weight: 4 },
  { category: 'Téléphone', brand: 'Samsung', name: 'Galaxy A54 5G', models: ['SM-A546B'], tier: 0.35, weight: 3 },
  { category: 'Téléphone', brand: 'Samsung', name: 'Galaxy Z Flip4', models: ['SM-F721B'], tier: 1, weight: 1 },
  { category: 'Téléphone', brand: 'Xiaomi', name: 'Redmi Note 10', models: ['M2101K7AG'], tier: 0.1, weight: 3 },
  { category: 'Téléphone', brand: 'Xiaomi', name: 'Redmi Note 11', models: ['2201117TG'], tier: 0.15, weight: 3 },
  { category: 'Téléphone', brand: 'Xiaomi', name: 'Redmi Note 12', models: ['23021RAAEG'], tier: 0.2, weight: 3 },
  { category: 'Téléphone', brand: 'Google', name: 'Pixel 7', models: ['GVU6C'], tier: 0.6, weight: 2 },
  { category: 'Téléphone', brand: 'Google', name: 'Pixel 6a', models: ['GX7AS'], tier: 0.35, weight: 1 },
  { category: 'Téléphone', brand: 'Huawei', name: 'P30 Lite', models: ['MAR-LX1A'], tier: 0.1, weight: 2 },
  { category: 'Téléphone', brand: 'OnePlus', name: 'Nord 2T', models: ['CPH2399'], tier: 0.3, weight: 1 },
  { category: 'Téléphone', brand: 'Oppo', name: 'A78 5G', models: ['CPH2483'], tier: 0.15, weight: 1 },
  { category: 'Téléphone', brand: 'Honor', name: 'Magic5 Lite', models: ['RMO-NX1'], tier: 0.25, weight: 1 },
  // Tablettes
  { category: 'Tablette', brand: 'Apple', name: 'iPad 9e génération', models: ['A2602 (Wi-Fi)', 'A2604 (Wi-Fi + Cellular)'], tier: 0.3, weight: 5 },
  { category: 'Tablette', brand: 'Apple', name: 'iPad 10e génération', models: ['A2696 (Wi-Fi)', 'A2757 (Wi-Fi + Cellular)'], tier: 0.45, weight: 3 },
  { category: 'Tablette', brand: 'Apple', name: 'iPad Air 4', models: ['A2316 (Wi-Fi)', 'A2324 (Wi-Fi + Cellular)'], tier: 0.6, weight: 2 },
  { category: 'Tablette', brand: 'Apple', name: 'iPad Pro 11" (2021)', models: ['A2377 (Wi-Fi)', 'A2459 (Wi-Fi + Cellular)'], tier: 1, weight: 1 },
  { category: 'Tablette', brand: 'Apple', name: 'iPad mini 6', models: ['A2567 (Wi-Fi)', 'A2568 (Wi-Fi + Cellular)'], tier: 0.55, weight: 1 },
  { category: 'Tablette', brand: 'Samsung', name: 'Galaxy Tab A8', models: ['SM-X200 (Wi-Fi)', 'SM-X205 (4G)'], tier: 0.15, weight: 3 },
  { category: 'Tablette', brand: 'Samsung', name: 'Galaxy Tab S7', models: ['SM-T870 (Wi-Fi)', 'SM-T875 (4G)'], tier: 0.7, weight: 1 },
  { category: 'Tablette', brand: 'Lenovo', name: 'Tab M10 (3e génération)', models: ['TB328FU (Wi-Fi)', 'TB328XU (4G)'], tier: 0.05, weight: 2 },
  { category: 'Tablette', brand: 'Xiaomi', name: 'Pad 5', models: ['21051182G (Wi-Fi)'], tier: 0.35, weight: 1 },
  // Ordinateurs
  { category: 'Ordinateur', brand: 'Apple', name: 'MacBook Air M1 13"', models: ['A2337'], tier: 0.8, weight: 4 },
  { category: 'Ordinateur', brand: 'Apple', name: 'MacBook Pro 13" M1', models: ['A2338'], tier: 0.9, weight: 2 },
  { category: 'Ordinateur', brand: 'Apple', name: 'iMac 24"', models: ['A2438'], tier: 1, weight: 1 },
  { category: 'Ordinateur', brand: 'HP', name: 'Pavilion 15', models: ['15-eg0000nf', '15-eh1000nf'], tier: 0.35, weight: 3 },
  { category: 'Ordinateur', brand: 'HP', name: 'HP 15s', models: ['15s-fq2000nf', '15s-eq2000nf'], tier: 0.2, weight: 3 },
  { category: 'Ordinateur', brand: 'Dell', name: 'Inspiron 15 3000', models: ['3511', '3520'], tier: 0.25, weight: 3 },
  { category: 'Ordinateur', brand: 'Dell', name: 'XPS 13', models: ['9310'], tier: 0.85, weight: 1 },
  { category: 'Ordinateur', brand: 'Lenovo', name: 'IdeaPad 3', models: ['15ITL6', '15ALC6'], tier: 0.25, weight: 3 },
  { category: 'Ordinateur', brand: 'Lenovo', name: 'ThinkPad T14', models: ['20W0'], tier: 0.6, weight: 1 },
  { category: 'Ordinateur', brand: 'Asus', name: 'VivoBook 15', models: ['X515EA', 'R565EA'], tier: 0.2, weight: 3 },
  { category: 'Ordinateur', brand: 'Asus', name: 'ROG Strix G15', models: ['G513QM'], tier: 0.75, weight: 1 },
  { category: 'Ordinateur', brand: 'Acer', name: 'Aspire 5', models: ['A515-56', 'A515-57'], tier: 0.3, weight: 3 },
  { category: 'Ordinateur', brand: 'Acer', name: 'Nitro 5', models: ['AN515-57'], tier: 0.6, weight: 1 },
  { category: 'Ordinateur', brand: 'Microsoft', name: 'Surface Pro 7', models: ['1866'], tier: 0.7, weight: 1 },
  { category: 'Ordinateur', brand: 'MSI', name: 'GF63 Thin', models: ['MS-16R5'], tier: 0.5, weight: 1 },
  // Consoles
  { category: 'Console', brand: 'Nintendo', name: 'Nintendo Switch', models: ['HAC-001(-01)'], tier: 0.4, weight: 6 },
  { category: 'Console', brand: 'Nintendo', name: 'Nintendo Switch OLED', models: ['HEG-001'], tier: 0.6, weight: 4 },
  { category: 'Console', brand: 'Nintendo', name: 'Nintendo Switch Lite', models: ['HDH-001'], tier: 0.2, weight: 4 },
  { category: 'Console', brand: 'Sony', name: 'PlayStation 5', models: ['CFI-1116A', 'CFI-1216A'], tier: 0.9, weight: 4 },
  { category: 'Console', brand: 'Sony', name: 'PlayStation 5 Digital Edition', models: ['CFI-1116B', 'CFI-1216B'], tier: 0.85, weight: 2 },
  { category: 'Console', brand: 'Sony', name: 'PlayStation 4', models: ['CUH-2016A', 'CUH-2216B'], tier: 0.5, weight: 4 },
  { category: 'Console', brand: 'Sony', name: 'PlayStation 4 Pro', models: ['CUH-7116B', 'CUH-7216B'], tier: 0.6, weight: 2 },
  { category: 'Console', brand: 'Sony', name: 'Manette DualSense', models: ['CFI-ZCT1W'], tier: 0.1, weight: 3 },
  { category: 'Console', brand: 'Microsoft', name: 'Xbox Series X', models: ['1882'], tier: 0.9, weight: 2 },
  { category: 'Console', brand: 'Microsoft', name: 'Xbox Series S', models: ['1883'], tier: 0.6, weight: 2 },
  { category: 'Console', brand: 'Microsoft', name: 'Xbox One S', models: ['1681'], tier: 0.4, weight: 1 },
  // Montres
  { category: 'Montre', brand: 'Apple', name: 'Apple Watch Series 7', models: ['A2473 (41 mm)', 'A2474 (45 mm)'], tier: 0.7, weight: 3 },
  { category: 'Montre', brand: 'Apple', name: 'Apple Watch SE', models: ['A2351 (40 mm)', 'A2352 (44 mm)'], tier: 0.4, weight: 3 },
  { category: 'Montre', brand: 'Apple', name: 'Apple Watch Series 8', models: ['A2770 (41 mm)', 'A2771 (45 mm)'], tier: 0.8, weight: 2 },
  { category: 'Montre', brand: 'Samsung', name: 'Galaxy Watch4', models: ['SM-R860 (40 mm)', 'SM-R870 (44 mm)'], tier: 0.4, weight: 2 },
  { category: 'Montre', brand: 'Samsung', name: 'Galaxy Watch5', models: ['SM-R900 (40 mm)', 'SM-R910 (44 mm)'], tier: 0.5, weight: 1 },
  { category: 'Montre', brand: 'Huawei', name: 'Watch GT 3', models: ['JPT-B19'], tier: 0.3, weight: 1 },
  { category: 'Montre', brand: 'Garmin', name: 'Forerunner 255', models: ['010-02641-10'], tier: 0.5, weight: 1 },
  // Chromebooks
  { category: 'Chromebook', brand: 'Acer', name: 'Chromebook 314', models: ['CB314-1H', 'CB314-2H'], tier: 0.2, weight: 3 },
  { category: 'Chromebook', brand: 'HP', name: 'Chromebook 14a', models: ['14a-na0000nf'], tier: 0.2, weight: 2 },
  { category: 'Chromebook', brand: 'Lenovo', name: 'IdeaPad Duet Chromebook', models: ['CT-X636F'], tier: 0.3, weight: 2 },
  { category: 'Chromebook', brand: 'Asus', name: 'Chromebook Flip C434', models: ['C434TA'], tier: 0.5, weight: 1 },
  // Autres appareils
  { category: 'Autre appareil', brand: 'GoPro', name: 'GoPro HERO9 Black', models: ['SPBL1'], tier: 0.6, weight: 2 },
  { category: 'Autre appareil', brand: 'Sony', name: 'Casque WH-1000XM4', models: ['WH1000XM4'], tier: 0.6, weight: 2 },
  { category: 'Autre appareil', brand: 'JBL', name: 'Enceinte JBL Charge 5', models: ['JBLCHARGE5'], tier: 0.4, weight: 2 },
  { category: 'Autre appareil', brand: 'Apple', name: 'AirPods Pro', models: ['A2084', 'A2083'], tier: 0.5, weight: 2 },
  { category: 'Autre appareil', brand: 'Amazon', name: 'Kindle Paperwhite', models: ['M2L3EK'], tier: 0.3, weight: 2 },
  { category: 'Autre appareil', brand: 'DJI', name: 'Drone DJI Mini 2', models: ['MT2SS5'], tier: 0.7, weight: 1 },
];

export type Fault = {
  fault: string;
  /** The repair done, also the repair item of the ticket device and the invoice line. */
  repair: string;
  /** Price range in euros, VAT included; equal bounds give a fixed price. */
  price: readonly [number, number];
  /** Only for these device names (all devices of the category when absent). */
  only?: readonly string[];
  weight?: number;
};

const switches = ['Nintendo Switch', 'Nintendo Switch OLED', 'Nintendo Switch Lite'];
const discConsoles = ['PlayStation 5', 'PlayStation 4', 'PlayStation 4 Pro', 'Xbox Series X', 'Xbox One S'];
const homeConsoles = ['PlayStation 5', 'PlayStation 5 Digital Edition', 'PlayStation 4', 'PlayStation 4 Pro', 'Xbox Series X', 'Xbox Series S', 'Xbox One S'];
const laptops = ['MacBook Air M1 13"', 'MacBook Pro 13" M1', 'Pavilion 15', 'HP 15s', 'Inspiron 15 3000', 'XPS 13', 'IdeaPad 3', 'ThinkPad T14', 'VivoBook 15', 'ROG Strix G15', 'Aspire 5', 'Nitro 5', 'Surface Pro 7', 'GF63 Thin'];
const pcs = laptops.filter((name) => !name.startsWith('MacBook') && name !== 'Surface Pro 7').concat(['iMac 24"']);

export const faultsByCategory: Readonly<Record<DeviceCategory, readonly Fault[]>> = {
  Téléphone: [
    { fault: 'Écran cassé', repair: 'Remplacement écran', price: [69, 289], weight: 10 },
    { fault: 'Écran noir après une chute', repair: 'Remplacement écran', price: [69, 289], weight: 3 },
    { fault: 'Tactile qui ne répond plus par endroits', repair: 'Remplacement écran', price: [69, 289], weight: 2 },
    { fault: 'Batterie qui ne tient plus la charge', repair: 'Remplacement batterie', price: [49, 99], weight: 7 },
    { fault: 'Batterie gonflée, l’écran se soulève', repair: 'Remplacement batterie', price: [49, 99], weight: 2 },
    { fault: 'Ne charge plus', repair: 'Remplacement connecteur de charge', price: [49, 89], weight: 5 },
    { fault: 'Charge seulement quand on tient le câble', repair: 'Remplacement connecteur de charge', price: [49, 89], weight: 2 },
    { fault: 'Vitre arrière brisée', repair: 'Remplacement vitre arrière', price: [59, 149], weight: 3 },
    { fault: 'Caméra arrière floue', repair: 'Remplacement caméra arrière', price: [59, 159], weight: 2 },
    { fault: 'Tombé dans l’eau, ne s’allume plus', repair: 'Désoxydation et diagnostic', price: [49, 79], weight: 2 },
    { fault: 'Haut-parleur qui grésille', repair: 'Remplacement haut-parleur', price: [39, 69], weight: 2 },
    { fault: 'Micro ne fonctionne plus en appel', repair: 'Remplacement micro', price: [39, 79], weight: 2 },
    { fault: 'Bouton power bloqué', repair: 'Remplacement nappe power', price: [39, 79], weight: 1 },
    { fault: 'Redémarre en boucle', repair: 'Diagnostic carte mère', price: [29, 39], weight: 1 },
  ],
  Tablette: [
    { fault: 'Vitre tactile fissurée', repair: 'Remplacement vitre tactile', price: [79, 199], weight: 5 },
    { fault: 'Écran avec des taches et des lignes', repair: 'Remplacement écran LCD', price: [99, 249], weight: 2 },
    { fault: 'Batterie qui ne tient plus la charge', repair: 'Remplacement batterie', price: [69, 129], weight: 3 },
    { fault: 'Ne charge plus', repair: 'Remplacement connecteur de charge', price: [59, 99], weight: 3 },
    { fault: 'Ne s’allume plus', repair: 'Diagnostic carte mère', price: [39, 49], weight: 1 },
  ],
  Ordinateur: [
    { fault: 'Surchauffe et ventilateur bruyant', repair: 'Nettoyage et changement de pâte thermique', price: [49, 79], weight: 4 },
    { fault: 'Très lent au démarrage', repair: 'Remplacement du disque par un SSD', price: [89, 149], only: pcs, weight: 4 },
    { fault: 'Écran cassé', repair: 'Remplacement dalle', price: [129, 349], only: laptops, weight: 3 },
    { fault: 'Touches du clavier qui ne répondent plus', repair: 'Remplacement clavier', price: [89, 199], only: laptops, weight: 2 },
    { fault: 'Virus et publicités intempestives', repair: 'Suppression de virus et nettoyage', price: [49, 79], weight: 3 },
    { fault: 'Ne s’allume plus', repair: 'Diagnostic carte mère', price: [39, 49], weight: 2 },
    { fault: 'Charnière cassée', repair: 'Réparation charnière', price: [69, 129], only: laptops, weight: 1 },
    { fault: 'Windows ne démarre plus', repair: 'Réinstallation du système avec sauvegarde des données', price: [59, 89], only: pcs, weight: 2 },
    { fault: 'Café renversé sur le clavier', repair: 'Désoxydation et remplacement clavier', price: [99, 249], only: laptops, weight: 1 },
    { fault: 'Batterie qui ne tient plus la charge', repair: 'Remplacement batterie', price: [79, 169], only: laptops, weight: 2 },
  ],
  Console: [
    { fault: 'Joy-Con qui dérive', repair: 'Remplacement joystick', price: [29, 49], only: switches, weight: 5 },
    { fault: 'Manette qui dérive', repair: 'Remplacement joystick', price: [29, 49], only: ['Manette DualSense'], weight: 4 },
    { fault: 'Gâchette R2 qui ne répond plus', repair: 'Réparation gâchette', price: [29, 39], only: ['Manette DualSense'], weight: 1 },
    { fault: 'Ne lit plus les disques', repair: 'Remplacement lecteur', price: [79, 149], only: discConsoles, weight: 3 },
    { fault: 'Surchauffe et ventilateur bruyant', repair: 'Nettoyage et changement de pâte thermique', price: [49, 89], only: [...homeConsoles, ...switches], weight: 4 },
    { fault: 'Plus d’image, port HDMI endommagé', repair: 'Remplacement port HDMI', price: [79, 119], only: homeConsoles, weight: 3 },
    { fault: 'Ne charge plus', repair: 'Remplacement puce de charge', price: [69, 99], only: switches, weight: 2 },
    { fault: 'Écran cassé', repair: 'Remplacement écran', price: [69, 129], only: switches, weight: 2 },
    { fault: 'Installation puce Picofly', repair: 'Installation puce Picofly', price: [80, 80], only: ['Nintendo Switch', 'Nintendo Switch OLED', 'Nintendo Switch Lite'], weight: 1 },
    { fault: 'Ne s’allume plus', repair: 'Diagnostic carte mère', price: [39, 49], only: [...homeConsoles, ...switches], weight: 1 },
  ],
  Montre: [
    { fault: 'Écran cassé', repair: 'Remplacement écran', price: [89, 229], weight: 4 },
    { fault: 'Batterie qui se vide en quelques heures', repair: 'Remplacement batterie', price: [59, 99], weight: 3 },
    { fault: 'Vitre arrière décollée', repair: 'Recollage vitre arrière', price: [39, 69], weight: 1 },
    { fault: 'Ne s’appaire plus avec le téléphone', repair: 'Diagnostic et réinitialisation', price: [29, 39], weight: 1 },
    { fault: 'Ne charge plus sur son socle', repair: 'Diagnostic charge', price: [39, 69], weight: 1 },
  ],
  Chromebook: [
    { fault: 'Écran cassé', repair: 'Remplacement dalle', price: [99, 189], weight: 3 },
    { fault: 'Touches du clavier qui ne répondent plus', repair: 'Remplacement clavier', price: [69, 129], weight: 2 },
    { fault: 'Ne charge plus', repair: 'Remplacement connecteur de charge', price: [59, 99], weight: 2 },
    { fault: 'Bloqué au démarrage, Chrome OS manquant', repair: 'Réinstallation de Chrome OS', price: [39, 59], weight: 1 },
    { fault: 'Batterie qui ne tient plus la charge', repair: 'Remplacement batterie', price: [69, 119], weight: 1 },
  ],
  'Autre appareil': [
    { fault: 'Ne s’allume plus', repair: 'Diagnostic', price: [29, 39], weight: 3 },
    { fault: 'Ne charge plus', repair: 'Remplacement connecteur de charge', price: [39, 79], weight: 2 },
    { fault: 'Son coupé d’un côté', repair: 'Réparation audio', price: [39, 69], only: ['Casque WH-1000XM4', 'AirPods Pro'], weight: 2 },
    { fault: 'Batterie qui ne tient plus la charge', repair: 'Remplacement batterie', price: [39, 89], weight: 2 },
    { fault: 'Bouton cassé', repair: 'Remplacement bouton', price: [29, 49], only: ['GoPro HERO9 Black', 'Enceinte JBL Charge 5', 'Kindle Paperwhite'], weight: 1 },
    { fault: 'Écran cassé', repair: 'Remplacement écran', price: [59, 119], only: ['GoPro HERO9 Black', 'Kindle Paperwhite'], weight: 2 },
    { fault: 'Hélice et bras cassés après une chute', repair: 'Remplacement bras et hélices', price: [49, 89], only: ['Drone DJI Mini 2'], weight: 3 },
  ],
};

/** Remarks staff add to a ticket: never personal, since the ticket description is public. */
export const ticketRemarks = [
  'Sauvegarde des données demandée',
  'Devis à valider avant intervention',
  'Code de déverrouillage fourni',
  'Besoin de l’appareil pour le week-end',
  'Appareil déposé avec sa coque',
  'Déjà réparé ailleurs',
  'Sous garantie réparation',
  'Rayures sur la coque signalées au dépôt',
] as const;

/** The spare part a repair uses, named "{part} {device}" in the inventory and on invoices. */
export const partForRepair: Readonly<Record<string, string>> = {
  'Remplacement écran': 'Écran',
  'Remplacement batterie': 'Batterie',
  'Remplacement connecteur de charge': 'Connecteur de charge',
  'Remplacement vitre arrière': 'Vitre arrière',
  'Remplacement caméra arrière': 'Caméra arrière',
  'Remplacement haut-parleur': 'Haut-parleur',
  'Remplacement nappe power': 'Nappe power et volume',
  'Remplacement vitre tactile': 'Vitre tactile',
  'Remplacement écran LCD': 'Écran LCD',
  'Remplacement clavier': 'Clavier AZERTY',
  'Remplacement dalle': 'Dalle',
  'Remplacement joystick': 'Joystick analogique',
  'Remplacement port HDMI': 'Port HDMI',
  'Remplacement puce de charge': 'Puce de charge',
  'Remplacement lecteur': 'Lecteur Blu-ray',
  'Remplacement du disque par un SSD': 'SSD SATA 2,5" 500 Go',
};

// ───────────────────────────── The shop's catalogue ─────────────────────────────

export const grades = [
  { name: 'Comme Neuf', code: 'CN', factor: 1.1, description: 'aucune trace d’usage visible' },
  { name: 'Très Bon État', code: 'TBE', factor: 1, description: 'micro-rayures invisibles à 20 cm' },
  { name: 'Bon État', code: 'BE', factor: 0.9, description: 'légères rayures visibles sur la coque, écran impeccable' },
] as const;

export type RefurbishedModel = {
  brand: string;
  name: string;
  /** Storage (Go) or size options; each step up adds `step` to the price. */
  options: readonly string[];
  colours: readonly string[];
  /** Price in euros of the first option in "Très Bon État". */
  price: number;
  /** Price new of the first option, in euros. */
  newPrice: number;
  step?: number;
  /** OLED screens get a second, cheaper "compatible" screen in the spare parts. */
  screen?: 'OLED' | 'LCD';
};

const go = (...sizes: number[]) => sizes.map((size) => (size >= 1000 ? `${size / 1000} To` : `${size} Go`));

export const refurbishedPhones: readonly RefurbishedModel[] = [
  { brand: 'Apple', name: 'iPhone 8', options: go(64, 128), colours: ['Gris sidéral', 'Argent', 'Or'], price: 119, newPrice: 539, screen: 'LCD' },
  { brand: 'Apple', name: 'iPhone SE (2020)', options: go(64, 128), colours: ['Noir', 'Blanc', '(PRODUCT)RED'], price: 139, newPrice: 489, screen: 'LCD' },
  { brand: 'Apple', name: 'iPhone SE (2022)', options: go(64, 128, 256), colours: ['Minuit', 'Lumière stellaire', '(PRODUCT)RED'], price: 219, newPrice: 529, screen: 'LCD' },
  { brand: 'Apple', name: 'iPhone X', options: go(64, 256), colours: ['Gris sidéral', 'Argent'], price: 179, newPrice: 1159, screen: 'OLED' },
  { brand: 'Apple', name: 'iPhone XR', options: go(64, 128), colours: ['Noir', 'Blanc', 'Bleu', 'Corail'], price: 189, newPrice: 859, screen: 'LCD' },
  { brand: 'Apple', name: 'iPhone XS', options: go(64, 256), colours: ['Gris sidéral', 'Argent', 'Or'], price: 209, newPrice: 1159, screen: 'OLED' },
  { brand: 'Apple', name: 'iPhone 11', options: go(64, 128), colours: ['Noir', 'Blanc', 'Violet', 'Vert'], price: 259, newPrice: 809, screen: 'LCD' },
  { brand: 'Apple', name: 'iPhone 11 Pro', options: go(64, 256), colours: ['Gris sidéral', 'Argent', 'Vert nuit'], price: 319, newPrice: 1159, screen: 'OLED' },
  { brand: 'Apple', name: 'iPhone 12 mini', options: go(64, 128), colours: ['Noir', 'Blanc', 'Bleu'], price: 279, newPrice: 809, screen: 'OLED' },
  { brand: 'Apple', name: 'iPhone 12', options: go(64, 128, 256), colours: ['Noir', 'Blanc', 'Bleu', 'Vert'], price: 329, newPrice: 909, screen: 'OLED' },
  { brand: 'Apple', name: 'iPhone 12 Pro', options: go(128, 256), colours: ['Graphite', 'Argent', 'Bleu Pacifique'], price: 429, newPrice: 1159, screen: 'OLED' },
  { brand: 'Apple', name: 'iPhone 13 mini', options: go(128, 256), colours: ['Minuit', 'Lumière stellaire', 'Rose'], price: 389, newPrice: 809, screen: 'OLED' },
  { brand: 'Apple', name: 'iPhone 13', options: go(128, 256, 512), colours: ['Minuit', 'Lumière stellaire', 'Bleu', 'Rose', 'Vert'], price: 449, newPrice: 909, screen: 'OLED' },
  { brand: 'Apple', name: 'iPhone 13 Pro', options: go(128, 256), colours: ['Graphite', 'Argent', 'Bleu Alpin'], price: 579, newPrice: 1159, screen: 'OLED' },
  { brand: 'Apple', name: 'iPhone 14', options: go(128, 256), colours: ['Minuit', 'Lumière stellaire', 'Bleu', 'Violet'], price: 539, newPrice: 1019, screen: 'OLED' },
  { brand: 'Apple', name: 'iPhone 14 Pro', options: go(128, 256), colours: ['Noir sidéral', 'Argent', 'Violet intense'], price: 749, newPrice: 1329, screen: 'OLED' },
  { brand: 'Apple', name: 'iPhone 15', options: go(128, 256), colours: ['Noir', 'Bleu', 'Rose', 'Vert'], price: 649, newPrice: 969, screen: 'OLED' },
  { brand: 'Apple', name: 'iPhone 15 Pro', options: go(128, 256), colours: ['Titane naturel', 'Titane noir', 'Titane bleu'], price: 869, newPrice: 1229, screen: 'OLED' },
  { brand: 'Samsung', name: 'Galaxy S20 FE', options: go(128), colours: ['Bleu', 'Lavande', 'Blanc'], price: 189, newPrice: 659, screen: 'OLED' },
  { brand: 'Samsung', name: 'Galaxy S21', options: go(128, 256), colours: ['Gris', 'Violet', 'Blanc'], price: 249, newPrice: 859, screen: 'OLED' },
  { brand: 'Samsung', name: 'Galaxy S21 FE', options: go(128, 256), colours: ['Graphite', 'Olive', 'Lavande'], price: 259, newPrice: 759, screen: 'OLED' },
  { brand: 'Samsung', name: 'Galaxy S22', options: go(128, 256), colours: ['Noir', 'Blanc', 'Vert'], price: 329, newPrice: 859, screen: 'OLED' },
  { brand: 'Samsung', name: 'Galaxy S23', options: go(128, 256), colours: ['Noir', 'Crème', 'Vert'], price: 449, newPrice: 959, screen: 'OLED' },
  { brand: 'Samsung', name: 'Galaxy S23 Ultra', options: go(256, 512), colours: ['Noir', 'Crème', 'Vert'], price: 689, newPrice: 1419, screen: 'OLED' },
  { brand: 'Samsung', name: 'Galaxy A12', options: go(32, 64), colours: ['Noir', 'Bleu', 'Blanc'], price: 79, newPrice: 179, screen: 'LCD' },
  { brand: 'Samsung', name: 'Galaxy A13', options: go(64, 128), colours: ['Noir', 'Blanc', 'Bleu'], price: 99, newPrice: 229, screen: 'LCD' },
  { brand: 'Samsung', name: 'Galaxy A14', options: go(64, 128), colours: ['Noir', 'Argent', 'Vert'], price: 109, newPrice: 229, screen: 'LCD' },
  { brand: 'Samsung', name: 'Galaxy A34 5G', options: go(128, 256), colours: ['Graphite', 'Argent', 'Lavande'], price: 199, newPrice: 389, screen: 'OLED' },
  { brand: 'Samsung', name: 'Galaxy A52', options: go(128, 256), colours: ['Noir', 'Bleu', 'Blanc'], price: 169, newPrice: 369, screen: 'OLED' },
  { brand: 'Samsung', name: 'Galaxy A53 5G', options: go(128, 256), colours: ['Noir', 'Bleu', 'Blanc'], price: 189, newPrice: 449, screen: 'OLED' },
  { brand: 'Samsung', name: 'Galaxy A54 5G', options: go(128, 256), colours: ['Graphite', 'Blanc', 'Violet'], price: 239, newPrice: 499, screen: 'OLED' },
  { brand: 'Samsung', name: 'Galaxy Z Flip4', options: go(128, 256), colours: ['Graphite', 'Bleu', 'Violet'], price: 399, newPrice: 1109, screen: 'OLED' },
  { brand: 'Xiaomi', name: 'Redmi Note 10', options: go(64, 128), colours: ['Gris onyx', 'Blanc', 'Vert'], price: 109, newPrice: 199, screen: 'OLED' },
  { brand: 'Xiaomi', name: 'Redmi Note 11', options: go(64, 128), colours: ['Gris graphite', 'Bleu', 'Blanc'], price: 119, newPrice: 229, screen: 'OLED' },
  { brand: 'Xiaomi', name: 'Redmi Note 12', options: go(64, 128), colours: ['Gris', 'Bleu', 'Vert'], price: 139, newPrice: 249, screen: 'OLED' },
  { brand: 'Xiaomi', name: 'Redmi Note 13', options: go(128, 256), colours: ['Noir', 'Bleu', 'Vert'], price: 159, newPrice: 249, screen: 'OLED' },
  { brand: 'Xiaomi', name: 'Xiaomi 12T', options: go(128, 256), colours: ['Noir', 'Bleu', 'Argent'], price: 319, newPrice: 599, screen: 'OLED' },
  { brand: 'Xiaomi', name: 'Poco X5 Pro', options: go(128, 256), colours: ['Noir', 'Bleu', 'Jaune'], price: 189, newPrice: 349, screen: 'OLED' },
  { brand: 'Google', name: 'Pixel 6a', options: go(128), colours: ['Charbon', 'Craie', 'Sauge'], price: 189, newPrice: 459, screen: 'OLED' },
  { brand: 'Google', name: 'Pixel 7', options: go(128, 256), colours: ['Noir volcanique', 'Neige', 'Citronnelle'], price: 299, newPrice: 649, screen: 'OLED' },
  { brand: 'Google', name: 'Pixel 7a', options: go(128), colours: ['Charbon', 'Neige', 'Bleu marin'], price: 279, newPrice: 509, screen: 'OLED' },
  { brand: 'Google', name: 'Pixel 8', options: go(128, 256), colours: ['Noir volcanique', 'Rose', 'Menthe'], price: 419, newPrice: 799, screen: 'OLED' },
  { brand: 'Huawei', name: 'P30', options: go(128), colours: ['Noir', 'Aurora', 'Nacré'], price: 149, newPrice: 799, screen: 'OLED' },
  { brand: 'Huawei', name: 'P30 Lite', options: go(128), colours: ['Noir', 'Bleu paon', 'Blanc'], price: 99, newPrice: 349, screen: 'LCD' },
  { brand: 'OnePlus', name: 'Nord 2T', options: go(128, 256), colours: ['Gris', 'Vert'], price: 199, newPrice: 399, screen: 'OLED' },
  { brand: 'OnePlus', name: 'OnePlus 9', options: go(128, 256), colours: ['Noir astral', 'Violet hivernal'], price: 289, newPrice: 719, screen: 'OLED' },
  { brand: 'Oppo', name: 'A78 5G', options: go(128), colours: ['Noir', 'Bleu'], price: 139, newPrice: 279, screen: 'LCD' },
  { brand: 'Oppo', name: 'Find X5 Lite', options: go(256), colours: ['Noir', 'Bleu'], price: 219, newPrice: 449, screen: 'OLED' },
  { brand: 'Honor', name: 'Magic5 Lite', options: go(128, 256), colours: ['Noir', 'Vert'], price: 189, newPrice: 349, screen: 'OLED' },
  { brand: 'Honor', name: 'Honor 90', options: go(256, 512), colours: ['Noir', 'Vert émeraude', 'Argent'], price: 319, newPrice: 549, screen: 'OLED' },
  { brand: 'Realme', name: 'Realme 11 Pro', options: go(256), colours: ['Noir', 'Beige'], price: 219, newPrice: 399, screen: 'OLED' },
  { brand: 'Nothing', name: 'Phone (1)', options: go(128, 256), colours: ['Noir', 'Blanc'], price: 249, newPrice: 469, screen: 'OLED' },
];

/** Tablets: `options` are storage sizes; those with `cellular` also come as Wi-Fi + Cellular. */
export const refurbishedTablets: readonly (RefurbishedModel & { cellular: boolean })[] = [
  { brand: 'Apple', name: 'iPad 9e génération', options: go(64, 256), colours: ['Gris sidéral', 'Argent'], price: 249, newPrice: 389, cellular: true },
  { brand: 'Apple', name: 'iPad 10e génération', options: go(64, 256), colours: ['Bleu', 'Rose', 'Argent', 'Jaune'], price: 359, newPrice: 589, cellular: true },
  { brand: 'Apple', name: 'iPad Air 4', options: go(64, 256), colours: ['Gris sidéral', 'Bleu ciel', 'Vert'], price: 379, newPrice: 669, cellular: true },
  { brand: 'Apple', name: 'iPad Air 5', options: go(64, 256), colours: ['Gris sidéral', 'Bleu', 'Mauve'], price: 479, newPrice: 769, cellular: true },
  { brand: 'Apple', name: 'iPad mini 6', options: go(64, 256), colours: ['Gris sidéral', 'Rose', 'Mauve'], price: 399, newPrice: 559, cellular: true },
  { brand: 'Apple', name: 'iPad Pro 11" (2021)', options: go(128, 256), colours: ['Gris sidéral', 'Argent'], price: 629, newPrice: 1099, cellular: true },
  { brand: 'Samsung', name: 'Galaxy Tab A8', options: go(32, 64), colours: ['Gris', 'Argent'], price: 129, newPrice: 229, cellular: true },
  { brand: 'Samsung', name: 'Galaxy Tab S6 Lite', options: go(64, 128), colours: ['Gris', 'Bleu', 'Rose'], price: 179, newPrice: 349, cellular: true },
  { brand: 'Samsung', name: 'Galaxy Tab S7', options: go(128, 256), colours: ['Noir', 'Argent'], price: 329, newPrice: 699, cellular: true },
  { brand: 'Samsung', name: 'Galaxy Tab S8', options: go(128, 256), colours: ['Graphite', 'Argent'], price: 429, newPrice: 769, cellular: false },
  { brand: 'Lenovo', name: 'Tab M10 (3e génération)', options: go(32, 64), colours: ['Gris'], price: 99, newPrice: 199, cellular: true },
  { brand: 'Xiaomi', name: 'Pad 5', options: go(128, 256), colours: ['Gris', 'Blanc'], price: 229, newPrice: 399, cellular: false },
  { brand: 'Xiaomi', name: 'Pad 6', options: go(128, 256), colours: ['Gris', 'Bleu'], price: 289, newPrice: 399, cellular: false },
  { brand: 'Huawei', name: 'MatePad 11', options: go(128), colours: ['Gris'], price: 199, newPrice: 399, cellular: false },
];

export const refurbishedConsoles: readonly RefurbishedModel[] = [
  { brand: 'Nintendo', name: 'Nintendo Switch', options: ['32 Go'], colours: ['Néon bleu/rouge', 'Grise'], price: 179, newPrice: 299 },
  { brand: 'Nintendo', name: 'Nintendo Switch OLED', options: ['64 Go'], colours: ['Blanche', 'Néon bleu/rouge'], price: 249, newPrice: 349 },
  { brand: 'Nintendo', name: 'Nintendo Switch Lite', options: ['32 Go'], colours: ['Turquoise', 'Corail', 'Grise', 'Jaune'], price: 129, newPrice: 219 },
  { brand: 'Nintendo', name: 'Nintendo 3DS XL', options: ['4 Go'], colours: ['Noire', 'Bleue'], price: 99, newPrice: 199 },
  { brand: 'Sony', name: 'PlayStation 4 Slim', options: go(500, 1000), colours: ['Noire'], price: 159, newPrice: 299, step: 0.12 },
  { brand: 'Sony', name: 'PlayStation 4 Pro', options: go(1000), colours: ['Noire'], price: 219, newPrice: 399 },
  { brand: 'Sony', name: 'PlayStation 5 Standard', options: ['825 Go'], colours: ['Blanche'], price: 379, newPrice: 499 },
  { brand: 'Sony', name: 'PlayStation 5 Digital Edition', options: ['825 Go'], colours: ['Blanche'], price: 319, newPrice: 399 },
  { brand: 'Sony', name: 'PlayStation 5 Slim', options: go(1000), colours: ['Blanche'], price: 429, newPrice: 549 },
  { brand: 'Microsoft', name: 'Xbox One S', options: go(500, 1000), colours: ['Blanche'], price: 129, newPrice: 299, step: 0.12 },
  { brand: 'Microsoft', name: 'Xbox Series S', options: go(512), colours: ['Blanche'], price: 199, newPrice: 299 },
  { brand: 'Microsoft', name: 'Xbox Series X', options: go(1000), colours: ['Noire'], price: 369, newPrice: 499 },
];

export const refurbishedWatches: readonly RefurbishedModel[] = [
  { brand: 'Apple', name: 'Apple Watch SE (2e génération) GPS', options: ['40 mm', '44 mm'], colours: ['Minuit', 'Lumière stellaire', 'Argent'], price: 179, newPrice: 279, step: 0.1 },
  { brand: 'Apple', name: 'Apple Watch Series 7 GPS', options: ['41 mm', '45 mm'], colours: ['Minuit', 'Lumière stellaire', 'Vert'], price: 229, newPrice: 429, step: 0.1 },
  { brand: 'Apple', name: 'Apple Watch Series 8 GPS', options: ['41 mm', '45 mm'], colours: ['Minuit', 'Lumière stellaire', '(PRODUCT)RED'], price: 279, newPrice: 499, step: 0.1 },
  { brand: 'Samsung', name: 'Galaxy Watch5', options: ['40 mm', '44 mm'], colours: ['Graphite', 'Argent', 'Or rose'], price: 139, newPrice: 299, step: 0.1 },
];

export const refurbishedComputers: readonly RefurbishedModel[] = [
  { brand: 'Apple', name: 'MacBook Air M1 13" 8 Go', options: ['256 Go SSD', '512 Go SSD'], colours: ['Gris sidéral', 'Argent', 'Or'], price: 649, newPrice: 1129 },
  { brand: 'Apple', name: 'MacBook Pro 13" M1 8 Go', options: ['256 Go SSD', '512 Go SSD'], colours: ['Gris sidéral', 'Argent'], price: 799, newPrice: 1449 },
  { brand: 'Dell', name: 'Latitude 5490 14" Core i5 8 Go', options: ['256 Go SSD'], colours: ['Noir'], price: 279, newPrice: 899 },
  { brand: 'HP', name: 'EliteBook 840 G6 14" Core i5 16 Go', options: ['512 Go SSD'], colours: ['Argent'], price: 369, newPrice: 1199 },
  { brand: 'Lenovo', name: 'ThinkPad T480 14" Core i5 8 Go', options: ['256 Go SSD', '512 Go SSD'], colours: ['Noir'], price: 299, newPrice: 999 },
  { brand: 'Microsoft', name: 'Surface Pro 7 Core i5 8 Go', options: ['128 Go SSD', '256 Go SSD'], colours: ['Platine'], price: 449, newPrice: 999 },
  { brand: 'Acer', name: 'Chromebook 314', options: ['64 Go eMMC'], colours: ['Argent'], price: 149, newPrice: 299 },
];

export type CatalogueItem = {
  name: string;
  brand: string | null;
  category: string;
  /** Price in euros, VAT included. */
  price: number;
  description: string;
  deviceNames?: string;
};

export const chargersAndCables: readonly CatalogueItem[] = [
  { name: 'Chargeur secteur USB-C 20 W', brand: 'Apple', category: 'Chargeurs et câbles', price: 24.9, description: 'Adaptateur secteur officiel, charge rapide des iPhone 8 et suivants.' },
  { name: 'Chargeur secteur USB-C 25 W', brand: 'Samsung', category: 'Chargeurs et câbles', price: 24.9, description: 'Charge ultra-rapide des Galaxy compatibles Super Fast Charging.' },
  { name: 'Chargeur rapide 33 W', brand: 'Xiaomi', category: 'Chargeurs et câbles', price: 19.9, description: 'Chargeur USB-A 33 W livré avec câble USB-C.' },
  { name: 'Chargeur GaN 65 W 2 ports USB-C', brand: 'Anker', category: 'Chargeurs et câbles', price: 49.9, description: 'Compact, charge un ordinateur portable et un téléphone en même temps.' },
  { name: 'Chargeur voiture USB-C 30 W', brand: 'Belkin', category: 'Chargeurs et câbles', price: 24.9, description: 'Allume-cigare, Power Delivery 30 W.' },
  { name: 'Chargeur sans fil MagSafe', brand: 'Apple', category: 'Chargeurs et câbles', price: 49.9, description: 'Charge sans fil magnétique jusqu’à 15 W pour iPhone 12 et suivants.' },
  { name: 'Chargeur à induction 15 W', brand: 'Belkin', category: 'Chargeurs et câbles', price: 34.9, description: 'Socle Qi compatible iPhone, Samsung et écouteurs sans fil.' },
  { name: 'Station de charge 3 en 1', brand: 'Belkin', category: 'Chargeurs et câbles', price: 99.9, description: 'Téléphone, montre et écouteurs sur un seul socle.' },
  { name: 'Chargeur secteur USB-A 12 W', brand: 'Générique', category: 'Chargeurs et câbles', price: 9.9, description: 'Chargeur d’appoint universel.' },
  { name: 'Adaptateur USB-C vers jack 3,5 mm', brand: 'Générique', category: 'Chargeurs et câbles', price: 9.9, description: 'Pour brancher un casque filaire sur un téléphone sans prise jack.' },
  { name: 'Adaptateur Lightning vers jack 3,5 mm', brand: 'Apple', category: 'Chargeurs et câbles', price: 12.9, description: 'Adaptateur officiel pour iPhone.' },
  { name: 'Câble HDMI 2.1 2 m', brand: 'Générique', category: 'Chargeurs et câbles', price: 14.9, description: '4K 120 Hz, compatible PS5 et Xbox Series X.' },
];

export const cableKinds = ['USB-C vers Lightning', 'USB-C vers USB-C', 'USB-A vers Lightning', 'USB-A vers USB-C', 'USB-A vers micro-USB'] as const;

export const audio: readonly CatalogueItem[] = [
  { name: 'Écouteurs filaires USB-C', brand: 'Samsung', category: 'Audio', price: 19.9, description: 'Écouteurs intra-auriculaires avec micro et télécommande.' },
  { name: 'EarPods (Lightning)', brand: 'Apple', category: 'Audio', price: 19.9, description: 'Écouteurs filaires officiels avec micro.' },
  { name: 'EarPods (jack 3,5 mm)', brand: 'Apple', category: 'Audio', price: 19.9, description: 'Écouteurs filaires officiels avec micro.' },
  { name: 'AirPods (3e génération)', brand: 'Apple', category: 'Audio', price: 199, description: 'Écouteurs sans fil avec boîtier de charge Lightning.' },
  { name: 'AirPods Pro (2e génération)', brand: 'Apple', category: 'Audio', price: 279, description: 'Réduction de bruit active, boîtier MagSafe USB-C.' },
  { name: 'Galaxy Buds FE', brand: 'Samsung', category: 'Audio', price: 109, description: 'Écouteurs sans fil à réduction de bruit.' },
  { name: 'Redmi Buds 4 Lite', brand: 'Xiaomi', category: 'Audio', price: 24.9, description: 'Écouteurs sans fil légers, 20 h d’autonomie avec le boîtier.' },
  { name: 'Écouteurs Bluetooth sport', brand: 'Générique', category: 'Audio', price: 29.9, description: 'Tour de cou, résistants à la transpiration.' },
  { name: 'Casque Bluetooth JBL Tune 520BT', brand: 'JBL', category: 'Audio', price: 49.9, description: 'Casque supra-auriculaire pliable, 57 h d’autonomie.' },
  { name: 'Enceinte JBL Flip 6', brand: 'JBL', category: 'Audio', price: 129, description: 'Enceinte Bluetooth étanche IP67.' },
  { name: 'Enceinte JBL Go 3', brand: 'JBL', category: 'Audio', price: 39.9, description: 'Petite enceinte Bluetooth étanche.' },
];

export const memoryCards: readonly CatalogueItem[] = [
  ...[32, 64, 128, 256, 512].map((size, i) => ({
    name: `Carte microSDXC SanDisk Ultra ${size} Go`,
    brand: 'SanDisk',
    category: 'Cartes mémoire et stockage',
    price: [9.9, 12.9, 17.9, 29.9, 54.9][i] ?? 19.9,
    description: 'Classe 10 UHS-I A1, adaptateur SD inclus.',
  })),
  ...[64, 128, 256, 512].map((size, i) => ({
    name: `Carte microSD Samsung EVO Plus ${size} Go`,
    brand: 'Samsung',
    category: 'Cartes mémoire et stockage',
    price: [12.9, 16.9, 27.9, 49.9][i] ?? 19.9,
    description: 'Jusqu’à 130 Mo/s en lecture, idéale pour smartphones et tablettes.',
  })),
  // Spec 3 §9: the microSD cards offered with the Switch chip service (20, 30 and 60 €).
  ...[128, 256, 512].map((size, i) => ({
    name: `Carte microSDXC SanDisk pour Nintendo Switch ${size} Go`,
    brand: 'SanDisk',
    category: 'Cartes mémoire et stockage',
    price: [20, 30, 60][i] ?? 30,
    description: 'Licence officielle Nintendo, pour stocker jeux et captures.',
  })),
  { name: 'Clé USB SanDisk Ultra Flair 64 Go', brand: 'SanDisk', category: 'Cartes mémoire et stockage', price: 11.9, description: 'USB 3.0, boîtier métal.' },
  { name: 'Clé USB SanDisk Ultra Flair 128 Go', brand: 'SanDisk', category: 'Cartes mémoire et stockage', price: 16.9, description: 'USB 3.0, boîtier métal.' },
  { name: 'Disque SSD externe Samsung T7 1 To', brand: 'Samsung', category: 'Cartes mémoire et stockage', price: 109, description: 'USB-C 3.2, jusqu’à 1\u202f050\u00a0Mo/s.' },
];

/** Power banks: accessories whose name contains "Batterie", like the spare-part batteries. */
export const powerBanks: readonly CatalogueItem[] = [
  { name: 'Batterie externe 10\u202f000\u00a0mAh USB-C', brand: 'Anker', category: 'Batteries externes', price: 29.9, description: 'Power bank compacte, charge rapide 20 W.' },
  { name: 'Batterie externe 20\u202f000\u00a0mAh 22,5\u00a0W', brand: 'Xiaomi', category: 'Batteries externes', price: 34.9, description: 'Deux sorties USB-A et une USB-C.' },
  { name: 'Batterie externe MagSafe 5\u202f000\u00a0mAh', brand: 'Belkin', category: 'Batteries externes', price: 49.9, description: 'Se fixe au dos des iPhone 12 et suivants.' },
];

export const miscAccessories: readonly CatalogueItem[] = [
  { name: 'Support voiture magnétique', brand: 'Générique', category: 'Supports et divers', price: 19.9, description: 'Fixation sur grille d’aération, plaque métallique fournie.' },
  { name: 'Support voiture pince grille d’aération', brand: 'Générique', category: 'Supports et divers', price: 14.9, description: 'Pince réglable pour téléphones de 4,7 à 6,9 pouces.' },
  { name: 'Perche à selfie Bluetooth avec trépied', brand: 'Générique', category: 'Supports et divers', price: 19.9, description: 'Télécommande Bluetooth détachable.' },
  { name: 'Anneau de préhension', brand: 'Générique', category: 'Supports et divers', price: 7.9, description: 'Anneau adhésif rotatif, sert aussi de béquille.' },
  { name: 'Stylet tactile universel', brand: 'Générique', category: 'Supports et divers', price: 14.9, description: 'Pointe fine pour tablettes et smartphones.' },
  { name: 'Apple Pencil (2e génération)', brand: 'Apple', category: 'Accessoires tablettes', price: 139, description: 'Charge et appairage magnétiques sur iPad compatibles.' },
  { name: 'Pochette étanche universelle', brand: 'Générique', category: 'Supports et divers', price: 12.9, description: 'IPX8, idéale pour la plage et le bateau sur le Bassin.' },
];

export const consoleAccessories: readonly CatalogueItem[] = [
  { name: 'Manette Pro Nintendo Switch', brand: 'Nintendo', category: 'Accessoires consoles', price: 69.9, description: 'Manette sans fil officielle.' },
  ...['Néon bleu/rouge', 'Gris', 'Pastel violet/vert'].map((colour) => ({
    name: `Paire de Joy-Con – ${colour}`,
    brand: 'Nintendo',
    category: 'Accessoires consoles',
    price: 79.9,
    description: 'Paire de manettes Joy-Con officielles avec dragonnes.',
  })),
  ...['Blanc', 'Noir', 'Cosmic Red', 'Midnight Black'].map((colour) => ({
    name: `Manette sans fil DualSense – ${colour}`,
    brand: 'Sony',
    category: 'Accessoires consoles',
    price: 69.9,
    description: 'Manette officielle PlayStation 5 avec retour haptique.',
  })),
  ...['Carbon Black', 'Robot White'].map((colour) => ({
    name: `Manette sans fil Xbox – ${colour}`,
    brand: 'Microsoft',
    category: 'Accessoires consoles',
    price: 59.9,
    description: 'Compatible Xbox Series X|S, Xbox One et PC.',
  })),
  { name: 'Étui de transport Nintendo Switch', brand: 'Générique', category: 'Accessoires consoles', price: 19.9, description: 'Coque rigide, rangement pour 10 cartouches.' },
  ...['Nintendo Switch', 'Nintendo Switch OLED', 'Nintendo Switch Lite'].map((console) => ({
    name: `Verre trempé ${console}`,
    brand: 'Générique',
    category: 'Protections d’écran',
    price: 9.9,
    description: 'Protection d’écran 9H, pose sans bulles.',
    deviceNames: console,
  })),
  { name: 'Station de charge DualSense', brand: 'Sony', category: 'Accessoires consoles', price: 29.9, description: 'Recharge deux manettes à la fois.' },
  { name: 'Grips Joy-Con (lot de 2)', brand: 'Générique', category: 'Accessoires consoles', price: 9.9, description: 'Poignées ergonomiques pour Joy-Con.' },
];

export const caseColours = ['Noir', 'Bleu marine', 'Rose poudré', 'Vert sauge'] as const;

export const partSuppliers = ['Distri-Mobile Sud-Ouest', 'PiècesPro Atlantique', 'Atelier Composants Bordeaux', 'Euro Parts Express'] as const;
export const accessorySuppliers = ['Grossiste Accessoires Mérignac', 'Distri-Mobile Sud-Ouest', 'Connect’Access'] as const;
export const deviceSuppliers = ['Rachat en boutique', 'Reprise client', 'Lot reconditionneur agréé'] as const;

/** Spare parts that are not tied to one phone or tablet model. */
export const otherParts: readonly CatalogueItem[] = [
  { name: 'Joystick analogique Joy-Con (lot de 2)', brand: 'Nintendo', category: 'Pièces détachées consoles', price: 14.9, description: 'Module joystick de remplacement pour Joy-Con.', deviceNames: 'Nintendo Switch, Nintendo Switch OLED, Nintendo Switch Lite' },
  { name: 'Rail Joy-Con gauche Nintendo Switch', brand: 'Nintendo', category: 'Pièces détachées consoles', price: 9.9, description: 'Rail de fixation avec nappe.', deviceNames: 'Nintendo Switch' },
  { name: 'Écran LCD Nintendo Switch', brand: 'Nintendo', category: 'Pièces détachées consoles', price: 39.9, description: 'Dalle LCD 6,2 pouces.', deviceNames: 'Nintendo Switch' },
  { name: 'Écran OLED Nintendo Switch OLED', brand: 'Nintendo', category: 'Pièces détachées consoles', price: 89.9, description: 'Bloc écran OLED 7 pouces.', deviceNames: 'Nintendo Switch OLED' },
  { name: 'Écran LCD Nintendo Switch Lite', brand: 'Nintendo', category: 'Pièces détachées consoles', price: 34.9, description: 'Dalle LCD 5,5 pouces.', deviceNames: 'Nintendo Switch Lite' },
  { name: 'Puce de charge M92T36 Nintendo Switch', brand: 'Nintendo', category: 'Pièces détachées consoles', price: 12.9, description: 'Contrôleur de charge USB-C.', deviceNames: 'Nintendo Switch, Nintendo Switch OLED, Nintendo Switch Lite' },
  { name: 'Puce HDMI PI3USB30532 Nintendo Switch', brand: 'Nintendo', category: 'Pièces détachées consoles', price: 11.9, description: 'Puce vidéo du dock.', deviceNames: 'Nintendo Switch, Nintendo Switch OLED' },
  { name: 'Ventilateur Nintendo Switch', brand: 'Nintendo', category: 'Pièces détachées consoles', price: 14.9, description: 'Ventilateur interne de remplacement.', deviceNames: 'Nintendo Switch' },
  { name: 'Lecteur de cartouches Nintendo Switch', brand: 'Nintendo', category: 'Pièces détachées consoles', price: 19.9, description: 'Port cartouche avec nappe.', deviceNames: 'Nintendo Switch, Nintendo Switch OLED' },
  { name: 'Port HDMI PlayStation 4', brand: 'Sony', category: 'Pièces détachées consoles', price: 12.9, description: 'Connecteur HDMI à souder.', deviceNames: 'PlayStation 4, PlayStation 4 Pro' },
  { name: 'Port HDMI PlayStation 5', brand: 'Sony', category: 'Pièces détachées consoles', price: 16.9, description: 'Connecteur HDMI 2.1 à souder.', deviceNames: 'PlayStation 5, PlayStation 5 Digital Edition' },
  { name: 'Ventilateur PlayStation 4 Slim', brand: 'Sony', category: 'Pièces détachées consoles', price: 19.9, description: 'Ventilateur de remplacement.', deviceNames: 'PlayStation 4' },
  { name: 'Ventilateur PlayStation 5', brand: 'Sony', category: 'Pièces détachées consoles', price: 34.9, description: 'Ventilateur 120 mm d’origine.', deviceNames: 'PlayStation 5, PlayStation 5 Digital Edition' },
  { name: 'Lecteur Blu-ray PlayStation 4', brand: 'Sony', category: 'Pièces détachées consoles', price: 59.9, description: 'Lecteur complet KEM-490.', deviceNames: 'PlayStation 4, PlayStation 4 Pro' },
  { name: 'Lecteur Blu-ray PlayStation 5', brand: 'Sony', category: 'Pièces détachées consoles', price: 89.9, description: 'Lecteur complet, nécessite le couplage de la carte mère d’origine.', deviceNames: 'PlayStation 5' },
  { name: 'Bloc d’alimentation PlayStation 4 Slim', brand: 'Sony', category: 'Pièces détachées consoles', price: 39.9, description: 'Alimentation interne ADP-160CR.', deviceNames: 'PlayStation 4' },
  { name: 'Joystick analogique DualSense', brand: 'Sony', category: 'Pièces détachées consoles', price: 7.9, description: 'Module joystick à souder.', deviceNames: 'Manette DualSense' },
  { name: 'Joystick analogique DualShock 4', brand: 'Sony', category: 'Pièces détachées consoles', price: 6.9, description: 'Module joystick à souder.', deviceNames: 'Manette DualShock 4' },
  { name: 'Batterie manette DualSense', brand: 'Sony', category: 'Pièces détachées consoles', price: 19.9, description: 'Batterie 1\u202f560\u00a0mAh.', deviceNames: 'Manette DualSense' },
  { name: 'Port HDMI Xbox Series X', brand: 'Microsoft', category: 'Pièces détachées consoles', price: 16.9, description: 'Connecteur HDMI 2.1 à souder.', deviceNames: 'Xbox Series X, Xbox Series S' },
  { name: 'Ventilateur Xbox Series X', brand: 'Microsoft', category: 'Pièces détachées consoles', price: 39.9, description: 'Ventilateur principal 130 mm.', deviceNames: 'Xbox Series X' },
  { name: 'Ventilateur Xbox One S', brand: 'Microsoft', category: 'Pièces détachées consoles', price: 24.9, description: 'Ventilateur de remplacement.', deviceNames: 'Xbox One S' },
  { name: 'Clavier AZERTY MacBook Air M1 13"', brand: 'Apple', category: 'Pièces détachées ordinateurs', price: 69.9, description: 'Clavier français rétroéclairé.', deviceNames: 'MacBook Air M1 13"' },
  { name: 'Batterie MacBook Air M1 13"', brand: 'Apple', category: 'Pièces détachées ordinateurs', price: 89.9, description: 'Batterie A2389 49,9 Wh.', deviceNames: 'MacBook Air M1 13"' },
  { name: 'Dalle 15,6" Full HD IPS 30 broches', brand: null, category: 'Pièces détachées ordinateurs', price: 79.9, description: 'Dalle mate eDP, fixation par languettes.', deviceNames: 'Pavilion 15, HP 15s, Inspiron 15 3000, IdeaPad 3, VivoBook 15, Aspire 5' },
  { name: 'Dalle 14" Full HD IPS 30 broches', brand: null, category: 'Pièces détachées ordinateurs', price: 74.9, description: 'Dalle mate eDP.', deviceNames: 'Chromebook 314, Chromebook 14a, ThinkPad T14' },
  { name: 'SSD SATA 2,5" 500 Go', brand: 'Samsung', category: 'Pièces détachées ordinateurs', price: 54.9, description: 'SSD 870 EVO, idéal pour remplacer un disque dur.', deviceNames: 'Pavilion 15, HP 15s, Inspiron 15 3000, IdeaPad 3, VivoBook 15, Aspire 5' },
  { name: 'SSD NVMe M.2 512 Go', brand: 'Samsung', category: 'Pièces détachées ordinateurs', price: 59.9, description: 'SSD 980, PCIe 3.0.', deviceNames: 'Pavilion 15, IdeaPad 3, VivoBook 15, Aspire 5, Nitro 5, ROG Strix G15' },
  { name: 'Barrette RAM DDR4 SO-DIMM 8 Go', brand: null, category: 'Pièces détachées ordinateurs', price: 29.9, description: '3200 MHz.', deviceNames: 'Pavilion 15, IdeaPad 3, Aspire 5, Nitro 5' },
  { name: 'Barrette RAM DDR4 SO-DIMM 16 Go', brand: null, category: 'Pièces détachées ordinateurs', price: 49.9, description: '3200 MHz.', deviceNames: 'Pavilion 15, IdeaPad 3, Aspire 5, Nitro 5' },
  { name: 'Ventilateur HP Pavilion 15', brand: 'HP', category: 'Pièces détachées ordinateurs', price: 24.9, description: 'Ventilateur CPU.', deviceNames: 'Pavilion 15' },
  { name: 'Clavier AZERTY HP 15s', brand: 'HP', category: 'Pièces détachées ordinateurs', price: 39.9, description: 'Clavier français avec repose-poignets.', deviceNames: 'HP 15s' },
  { name: 'Clavier AZERTY Lenovo IdeaPad 3', brand: 'Lenovo', category: 'Pièces détachées ordinateurs', price: 39.9, description: 'Clavier français.', deviceNames: 'IdeaPad 3' },
  { name: 'Connecteur d’alimentation DC Asus VivoBook', brand: 'Asus', category: 'Pièces détachées ordinateurs', price: 12.9, description: 'Prise jack d’alimentation avec câble.', deviceNames: 'VivoBook 15' },
  { name: 'Pâte thermique Arctic MX-4 (4 g)', brand: null, category: 'Pièces détachées ordinateurs', price: 8.9, description: 'Pâte thermique haute performance.', deviceNames: 'Ordinateurs, consoles' },
  ...['41 mm', '45 mm'].map((size) => ({
    name: `Écran Apple Watch Series 7 ${size}`,
    brand: 'Apple',
    category: 'Pièces détachées montres',
    price: size === '41 mm' ? 119 : 129,
    description: 'Bloc écran OLED avec vitre.',
    deviceNames: 'Apple Watch Series 7',
  })),
  ...['40 mm', '44 mm'].map((size) => ({
    name: `Écran Apple Watch SE ${size}`,
    brand: 'Apple',
    category: 'Pièces détachées montres',
    price: size === '40 mm' ? 89 : 99,
    description: 'Bloc écran OLED avec vitre.',
    deviceNames: 'Apple Watch SE',
  })),
  { name: 'Batterie Apple Watch SE 44 mm', brand: 'Apple', category: 'Pièces détachées montres', price: 29.9, description: 'Batterie de remplacement.', deviceNames: 'Apple Watch SE' },
  { name: 'Batterie Apple Watch Series 7 45 mm', brand: 'Apple', category: 'Pièces détachées montres', price: 34.9, description: 'Batterie de remplacement.', deviceNames: 'Apple Watch Series 7' },
  { name: 'Écran Galaxy Watch4 44 mm', brand: 'Samsung', category: 'Pièces détachées montres', price: 89, description: 'Bloc écran AMOLED.', deviceNames: 'Galaxy Watch4' },
];

/** Inventory categories, in the order an admin would expect to see them. */
export const inventoryCategories = [
  'Smartphones reconditionnés',
  'Tablettes reconditionnées',
  'Consoles reconditionnées',
  'Montres connectées reconditionnées',
  'Ordinateurs reconditionnés',
  'Coques et étuis',
  'Protections d’écran',
  'Chargeurs et câbles',
  'Audio',
  'Cartes mémoire et stockage',
  'Batteries externes',
  'Accessoires consoles',
  'Accessoires tablettes',
  'Accessoires montres',
  'Supports et divers',
  'Pièces détachées smartphones',
  'Pièces détachées tablettes',
  'Pièces détachées consoles',
  'Pièces détachées ordinateurs',
  'Pièces détachées montres',
] as const;

/** Spec 2 §7: the brands the shop falls back to when the repair system lists none. */
export { fallbackBrands } from '@erepare/shared/schemas/repair';
