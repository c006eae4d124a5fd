/**
 * The price calculator of the Switch chip page (spec 3 §4 and §9): a base price, one mandatory
 * option included at no cost, optional services that toggle on and off, and a single microSD
 * card choice that toggles off when chosen again. Pure functions, so the rules are tested alone.
 */

export const BASE_PRICE = 80;

export type OptionId = 'picofly' | 'microsd-prep' | 'express' | 'collect-delivery' | 'extended-warranty';

export type ServiceOption = {
  id: OptionId;
  label: string;
  description: string;
  price: number;
  /** Always part of the order; cannot be toggled. */
  mandatory: boolean;
  /** Shown to visitors. The extended warranty exists in the model but is not offered (spec 3 §9). */
  visible: boolean;
};

export const serviceOptions: readonly ServiceOption[] = [
  {
    id: 'picofly',
    label: 'Installation Picofly',
    description: 'Pose et soudure de la puce, tests de démarrage. Incluse dans le prix de base.',
    price: 0,
    mandatory: true,
    visible: true,
  },
  {
    id: 'microsd-prep',
    label: 'Préparation microSD',
    description: 'Formatage et préparation de votre carte microSD, prête à l’emploi.',
    price: 15,
    mandatory: false,
    visible: true,
  },
  {
    id: 'express',
    label: 'Express 48h',
    description: 'Votre console traitée en priorité et prête en 48\u00a0h au lieu de 5 à 7 jours.',
    price: 25,
    mandatory: false,
    visible: true,
  },
  {
    id: 'collect-delivery',
    label: 'Collecte & Livraison',
    description: 'Nous récupérons la console chez vous et vous la rapportons une fois prête.',
    price: 30,
    mandatory: false,
    visible: true,
  },
  {
    id: 'extended-warranty',
    label: 'Garantie étendue',
    description: 'Option du modèle de calcul, non proposée à la vente.',
    price: 20,
    mandatory: false,
    visible: false,
  },
];

export type MicroSdId = '128' | '256' | '512';

export type MicroSdCard = { id: MicroSdId; label: string; price: number; recommended: boolean };

export const microSdCards: readonly MicroSdCard[] = [
  { id: '128', label: '128 Go', price: 20, recommended: false },
  { id: '256', label: '256 Go', price: 30, recommended: true },
  { id: '512', label: '512 Go', price: 60, recommended: false },
];

export const STANDARD_DELAY = '5 à 7 jours';
export const EXPRESS_DELAY = '48\u00a0h';

export type CalculatorState = {
  /** Chosen optional services (mandatory ones are always counted, whatever this holds). */
  options: readonly OptionId[];
  microSd: MicroSdId | null;
};

export const initialCalculatorState: CalculatorState = { options: [], microSd: null };

export const visibleOptions = (): readonly ServiceOption[] => serviceOptions.filter((option) => option.visible);

function findOption(id: OptionId): ServiceOption | undefined {
  return serviceOptions.find((option) => option.id === id);
}

export function isOptionSelected(state: CalculatorState, id: OptionId): boolean {
  return Boolean(findOption(id)?.mandatory) || state.options.includes(id);
}

/** Switches an optional service on or off; a mandatory one stays as it is. */
export function toggleOption(state: CalculatorState, id: OptionId): CalculatorState {
  const option = findOption(id);
  if (!option || option.mandatory) return state;
  const options = state.options.includes(id) ? state.options.filter((chosen) => chosen !== id) : [...state.options, id];
  return { ...state, options };
}

/** Chooses a microSD card; choosing the chosen one again removes it. */
export function chooseMicroSd(state: CalculatorState, id: MicroSdId): CalculatorState {
  return { ...state, microSd: state.microSd === id ? null : id };
}

export type QuoteLine = { label: string; price: number };

export type Quote = { lines: QuoteLine[]; total: number; delay: string };

export function computeQuote(state: CalculatorState): Quote {
  const lines: QuoteLine[] = [{ label: 'Prix de base', price: BASE_PRICE }];
  for (const option of serviceOptions) {
    if (isOptionSelected(state, option.id)) lines.push({ label: option.label, price: option.price });
  }
  const card = microSdCards.find((candidate) => candidate.id === state.microSd);
  if (card) lines.push({ label: `Carte microSD ${card.label}`, price: card.price });
  const total = lines.reduce((sum, line) => sum + line.price, 0);
  return { lines, total, delay: isOptionSelected(state, 'express') ? EXPRESS_DELAY : STANDARD_DELAY };
}
