/**
 * A check of the French typography of text users see (issue 22 §4.6): the no-break spaces before
 * « : ; ! ? € % » and inside guillemets, thousands groups that never break, contractions and
 * elisions (« du Teich », « d’Arcachon », « qu’il », « Plus qu’1 »), English words left in the
 * French interface, and « 1er » for the first of the month.
 *
 * It is meant for tests: the server's rendered pages and the e-mails run through it, so a text that
 * breaks a rule fails a test with the place it was found. It errs on the side of silence: URLs,
 * e-mail addresses, domain names, times (« 14:05 »), ASCII apostrophes and the spec's own strings
 * are never flagged.
 */

export type TypographyRule = 'space' | 'thousands' | 'contraction' | 'english' | 'ordinal';

export type TypographyProblem = {
  rule: TypographyRule;
  /** What is wrong and what to write instead. */
  message: string;
  /** Where the offending characters start in the text that was checked. */
  index: number;
  /**
   * The offending characters in their context, marked ⟦ ⟧, with the invisible spaces shown:
   * « ⍽ » a no-break space (U+00A0), « ‿ » a narrow no-break space (U+202F).
   */
  excerpt: string;
};

export type TypographyOptions = {
  /** Texts that are known and accepted as they are (exact strings, or patterns). */
  allow?: readonly (string | RegExp)[];
};

const NBSP = '\u00a0';
const NNBSP = '\u202f';

/**
 * Strings the spec quotes (« Quoted texts are the exact French strings users see ») that break a
 * rule of French typography. They are shown as the spec writes them, so the check leaves them be.
 */
export const SPEC_STRINGS: readonly (string | RegExp)[] = [
  // Spec 3 §2 (not-found page): the English title, with a French line under it.
  'Oops! Page not found',
  // Spec 3 §2 (home page, repair centre's general tab).
  'À partir de 29€',
  // Spec 3 §8 (error catalogue of the public pages).
  'Erreur : veuillez réessayer ultérieurement',
  'Erreur serveur:',
  'Type de fichier non supporté:',
  'Votre message a été envoyé avec succès !',
  'Erreur lors de l’upload',
  "Erreur lors de l'upload",
  // Spec 1 (account, notifications).
  'Mot de passe réinitialisé !',
  'Compte créé avec succès ! Vous recevrez un email de confirmation.',
  'Notifications activées !',
  'Token FCM requis pour test serveur',
  'Aucun client trouvé avec cet email',
  'Erreur API:',
  // Spec 2 (shop, checkout).
  'Commande confirmée !',
  /Commande #\S+ créée avec succès !/u,
  'Données invalides:',
  'Erreur de paiement:',
  'Erreur de paiement Klarna:',
  // Its variants for the other providers (« with variants for … PayPal and Revolut Pay »).
  'Erreur de paiement PayPal:',
  'Erreur de paiement Revolut Pay:',
  'Erreur PayPal:',
];

/** Characters after which a « ! », « ? », « ; » or « : » stuck to the text is a missing space. */
const STUCK_BEFORE = /[\p{L}\p{N})\]»"'’]/u;
/** Characters that may follow such a sign: its end is the end of a phrase. */
const PHRASE_END = /[\s)\]»"'’.,]/u;

/** Makes the invisible spaces visible in an excerpt. */
function showSpaces(text: string): string {
  return text.replaceAll(NBSP, '⍽').replaceAll(NNBSP, '‿');
}

function excerptOf(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 30);
  const end = Math.min(text.length, index + length + 30);
  const before = text.slice(start, index);
  const found = text.slice(index, index + length);
  const after = text.slice(index + length, end);
  return `${start > 0 ? '…' : ''}${showSpaces(before)}⟦${showSpaces(found)}⟧${showSpaces(after)}${end < text.length ? '…' : ''}`.replace(/\s*\n\s*/g, ' ⏎ ');
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The parts of a text no rule applies to: addresses, code-like tokens and accepted strings. */
function maskedRanges(text: string, allow: readonly (string | RegExp)[]): Array<[number, number]> {
  const patterns: RegExp[] = [
    // URLs and bare web addresses.
    /\b(?:https?:\/\/|mailto:|tel:|www\.)[^\s<>"«»]+/giu,
    // E-mail addresses.
    /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu,
    // Domain names (« erepare.fr »).
    /\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:fr|com|net|org|eu|io|app|dev)\b/giu,
    ...allow.map((entry) =>
      typeof entry === 'string' ? new RegExp(escapeRegExp(entry), 'gu') : new RegExp(entry.source, entry.flags.includes('g') ? entry.flags : `${entry.flags}g`),
    ),
  ];
  const ranges: Array<[number, number]> = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

/** The text with its masked parts replaced, character for character, by a neutral sign. */
function mask(text: string, ranges: Array<[number, number]>): string {
  const characters = text.split('');
  for (const [start, end] of ranges) for (let index = start; index < end; index += 1) characters[index] = '\u0001';
  return characters.join('');
}

const MONTHS = 'janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre';

/**
 * English words (or franglais) that have a French word in the interface. Matched as whole words,
 * whatever their case; « e-mail » is the French spelling (« Email », « email » are not).
 */
const ENGLISH_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/emails?/, '« e-mail » or « adresse e-mail »'],
  [/tokens?/, '« jeton », « code » or « lien »'],
  [/loading/, '« Chargement… »'],
  [/submit/, '« Envoyer », « Valider »'],
  [/errors?/, '« erreur »'],
  [/cancel/, '« Annuler »'],
  [/oops/, 'a French word (« Oups », or say what happened)'],
  [/password/, '« mot de passe »'],
  [/log ?in|log ?out|sign ?in|sign ?up/, '« connexion », « déconnexion », « inscription »'],
  [/upload/, '« envoi », « téléversement »'],
  [/dashboard/, '« tableau de bord »'],
  [/please/, '« veuillez »'],
  [/success|failed|warning/, '« réussi », « échec », « attention »'],
  [/not found/, '« introuvable »'],
];

// « _ » joins words into a name in code (« FCM_CLIENT_EMAIL », « last_error »): not an English word.
const WORD_START = '(?<![\\p{L}\\p{N}_-])';
const WORD_END = '(?![\\p{L}\\p{N}_-])';
/** Vowel-initial words that take no elision (« de oui », « le onze »). */
const NO_ELISION = new Set(['oui', 'onze', 'onzième', 'ouate', 'ouistiti', 'uhlan', 'ululement']);
/** After « de le » / « à les », a pronoun: « de le lui dire », « de les en informer ». */
const PRONOUNS = new Set(['lui', 'leur', 'y', 'en', 'me', 'te', 'nous', 'vous']);

/** « 13 512 » followed by « Go »: an iPhone 13 of 512 Go, not thirteen thousand. */
function isModelAndCapacity(numbers: string, after: string): boolean {
  return /^\p{N}{1,2} (?:128|256|512)$/u.test(numbers) && /^[ \u00a0\u202f]?[GT][oB]\b/u.test(after);
}

/** Checks visible French text; the problems come in the order of the text. */
export function checkFrenchTypography(input: string, options: TypographyOptions = {}): TypographyProblem[] {
  const text = input.normalize('NFC');
  const masked = mask(text, maskedRanges(text, [...SPEC_STRINGS, ...(options.allow ?? [])]));
  const problems: TypographyProblem[] = [];
  const report = (rule: TypographyRule, index: number, length: number, message: string) => {
    problems.push({ rule, message, index, excerpt: excerptOf(text, index, length) });
  };

  // Signs that take a no-break space before them (after them for « «).
  for (const match of masked.matchAll(/[;!?:»]/g)) {
    const index = match.index;
    const sign = match[0];
    if (index === 0) continue;
    const before = masked[index - 1] ?? '';
    const after = masked[index + 1] ?? ' ';
    // « ?! », « !! »: the first sign carries the space.
    if (/[;!?:]/.test(before) && sign !== '»') continue;
    const accepted = sign === ':' ? [NBSP] : [NBSP, NNBSP];
    if (accepted.includes(before)) continue;
    // A sign followed by a letter, a digit or another sign is not punctuation (« ::1 », « ?page=2 »):
    // French punctuation ends a phrase.
    if (sign !== '»' && index + 1 < masked.length && !PHRASE_END.test(after)) continue;
    if (sign === ':' && before === NNBSP) {
      report('space', index - 1, 2, 'a narrow no-break space before « : » (a colon takes the no-break space U+00A0)');
    } else if (before === ' ') {
      report('space', index - 1, 2, `a plain space before « ${sign} » (write a no-break space: U+00A0${sign === ':' ? '' : ' or U+202F'})`);
    } else if (sign === '»' ? before !== '\n' && before !== '\u0001' : STUCK_BEFORE.test(before) && (index + 1 >= masked.length || PHRASE_END.test(after))) {
      // A colon between digits (« 14:05 ») or inside a word is not punctuation: only a sign that
      // ends a phrase must be spaced.
      report('space', index - 1, 2, `no space before « ${sign} » (write a no-break space: U+00A0${sign === ':' ? '' : ' or U+202F'})`);
    }
  }
  for (const match of masked.matchAll(/«/g)) {
    const after = masked[match.index + 1];
    if (after === undefined || after === NBSP || after === NNBSP || after === '\n' || after === '\u0001') continue;
    report('space', match.index, 2, after === ' ' ? 'a plain space after « « » (write a no-break space)' : 'no space after « « » (write a no-break space)');
  }

  // Units that must stay on the line of their number.
  for (const match of masked.matchAll(/(\p{N})([ \u00a0\u202f]?)([€%])/gu)) {
    const [, , space, unit] = match;
    if (space === NBSP || space === NNBSP) continue;
    report('space', match.index, match[0].length, `${space ? 'a plain space' : 'no space'} between a number and « ${unit ?? ''} » (write a no-break space)`);
  }

  // Thousands groups split by plain spaces (« 1 200 »), not a model and its capacity (« Galaxy
  // A13 128 Go », « iPhone 13 512 Go »).
  for (const match of masked.matchAll(/(?<![\p{L}\p{N},.])\p{N}{1,3}(?: \p{N}{3})+(?!\p{N})/gu)) {
    if (isModelAndCapacity(match[0], masked.slice(match.index + match[0].length))) continue;
    report('thousands', match.index, match[0].length, 'thousands groups separated by plain spaces (write no-break spaces, U+202F or U+00A0)');
  }

  // An amount of a thousand euros or more written in one block (« 1234,50 € »): Intl groups it
  // (« 1 234,50 € »), and so does every amount the app shows. Only before « € »: years, postcodes
  // and reference numbers are written without groups.
  for (const match of masked.matchAll(/(?<![\p{N},.])\p{N}{4,}(?=(?:,\p{N}+)?[ \u00a0\u202f]?€)/gu)) {
    report('thousands', match.index, match[0].length, 'an amount of four digits or more without thousands groups (write « 1 234,50 € », U+202F between the groups, as formatCents does)');
  }

  // « de le », « à les »… but not before an infinitive or a pronoun (« de le réparer », « à le lui dire »).
  for (const match of masked.matchAll(new RegExp(`${WORD_START}(de|à) (le|les) ([\\p{L}’'-]+)`, 'giu'))) {
    const [whole, preposition = '', article = '', word = ''] = match;
    const isPlace = /^L/.test(article) && /^\p{Lu}/u.test(word);
    const pronounUse = /^l/.test(article) && (/(?:er|ir|re|oir)$/i.test(word) || PRONOUNS.has(word.toLowerCase()));
    if (!isPlace && pronounUse) continue;
    const contracted = preposition.toLowerCase() === 'de' ? (article.toLowerCase() === 'le' ? 'du' : 'des') : article.toLowerCase() === 'le' ? 'au' : 'aux';
    report('contraction', match.index, whole.length - word.length - 1, `« ${preposition} ${article} » contracts to « ${contracted} »`);
  }
  // Elision before a vowel: « d’Arcachon », « qu’il », « n’est », « l’écran ».
  for (const match of masked.matchAll(new RegExp(`${WORD_START}(de|que|jusque|lorsque|puisque|ne|je|le|la) ([\\p{L}][\\p{L}’'-]*)`, 'giu'))) {
    const [whole, word = '', next = ''] = match;
    if (!/^[aeiouàâäéèêëîïôöùûüœ]/iu.test(next)) continue;
    // Acronyms (« USB », « OLED ») and single letters (« de A à Z ») are spelt out: no elision.
    if (next.length < 2 || next === next.toUpperCase()) continue;
    // « la une » (a newspaper's front page), « le un » (the number).
    if (NO_ELISION.has(next.toLowerCase()) || (/^l[ae]$/i.test(word) && /^une?$/i.test(next))) continue;
    report('contraction', match.index, whole.length - next.length, `« ${word} ${next} » elides to « ${word.slice(0, -1)}’${next} »`);
  }
  for (const match of masked.matchAll(new RegExp(`${WORD_START}(si) (ils?)${WORD_END}`, 'giu'))) {
    report('contraction', match.index, match[0].length, `« ${match[0]} » elides to « s’${match[2] ?? 'il'} »`);
  }
  for (const match of masked.matchAll(new RegExp(`${WORD_START}(que) 1(?![\\p{N}])`, 'giu'))) {
    report('contraction', match.index, match[0].length, `« ${match[0]} » elides to « qu’1 » (« qu’un »)`);
  }

  // English words in the French interface.
  for (const [word, french] of ENGLISH_WORDS) {
    for (const match of masked.matchAll(new RegExp(`${WORD_START}(?:${word.source})${WORD_END}`, 'giu'))) {
      report('english', match.index, match[0].length, `English « ${match[0]} » in French text: ${french}`);
    }
  }

  // « 1 décembre » → « 1er décembre ».
  for (const match of masked.matchAll(new RegExp(`(?<![\\p{N},.])1[ \\u00a0\\u202f](?:${MONTHS})${WORD_END}`, 'giu'))) {
    report('ordinal', match.index, 1, 'the first of the month is written « 1er »');
  }

  return problems.sort((a, b) => a.index - b.index);
}

/** One line per problem, for a test's failure message. */
export function describeTypographyProblems(problems: readonly TypographyProblem[], where = ''): string {
  return problems.map((problem) => `${where ? `${where}: ` : ''}[${problem.rule}] ${problem.message}\n    ${problem.excerpt}`).join('\n');
}

/**
 * The same text with the no-break spaces French typography wants where it has plain ones: before
 * « : ; ! ? » » and after « « (U+00A0), between a number and « € » or « % » (U+00A0), between
 * thousands groups (U+202F, as Intl writes them). Nothing else changes: no space is added where
 * there is none, apostrophes stay as written. For texts assembled by the code from plain-space
 * sources (the e-mails), so that they pass {@link checkFrenchTypography}.
 */
export function typesetFrench(text: string): string {
  return text
    .replace(/ (?=[:;!?»])/g, NBSP)
    .replace(/« /g, `«${NBSP}`)
    .replace(/(\p{N}) (?=[€%])/gu, `$1${NBSP}`)
    .replace(/(?<![\p{L}\p{N},.])(\p{N}{1,3})((?: \p{N}{3})+)(?!\p{N})/gu, (match: string, head: string, groups: string, offset: number, whole: string) =>
      isModelAndCapacity(match, whole.slice(offset + match.length)) ? match : `${head}${groups.replaceAll(' ', NNBSP)}`,
    );
}
