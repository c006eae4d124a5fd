import { describe, expect, it } from 'vitest';
import { formatCents, formatLongDate } from './format.js';
import { checkFrenchTypography, describeTypographyProblems, typesetFrench, type TypographyRule } from './typography.js';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

/** The rules a text breaks, with the marked excerpt of each. */
const check = (text: string) => checkFrenchTypography(text).map((problem) => [problem.rule, problem.excerpt] as [TypographyRule, string]);
const rules = (text: string) => checkFrenchTypography(text).map((problem) => problem.rule);

describe('spaces before « : ; ! ? » and inside guillemets', () => {
  it('accepts the no-break spaces: U+00A0 everywhere, U+202F before ; ! ? and inside guillemets', () => {
    for (const text of [
      `Adresse${NBSP}: 12 rue du Port`,
      `Vraiment${NBSP}? Oui${NBSP}!`,
      `Vraiment${NNBSP}? Oui${NNBSP}! Et${NNBSP}; puis`,
      `«${NBSP}pas réparé, pas payé${NBSP}»`,
      `«${NNBSP}pas réparé, pas payé${NNBSP}»`,
      `Quoi${NBSP}?!`,
      'Bonjour.',
    ]) {
      expect(check(text), text).toEqual([]);
    }
  });

  it('flags a plain space, and says where', () => {
    expect(check('Adresse : 12 rue du Port')).toEqual([['space', 'Adresse⟦ :⟧ 12 rue du Port']]);
    expect(check('Prêt ? Envoyez !')).toEqual([
      ['space', 'Prêt⟦ ?⟧ Envoyez !'],
      ['space', 'Prêt ? Envoyez⟦ !⟧'],
    ]);
    expect(check('Matin ; soir')).toEqual([['space', 'Matin⟦ ;⟧ soir']]);
    expect(check('« pas payé »')).toEqual([
      ['space', '⟦« ⟧pas payé »'],
      ['space', '« pas payé⟦ »⟧'],
    ]);
  });

  it('flags a missing space at the end of a phrase', () => {
    expect(check('Adresse: 12 rue du Port')).toEqual([['space', 'Adress⟦e:⟧ 12 rue du Port']]);
    expect(check('Merci!')).toEqual([['space', 'Merc⟦i!⟧']]);
    expect(check('Comment ça marche?')).toEqual([['space', 'Comment ça march⟦e?⟧']]);
    expect(check('«pas payé»')).toEqual([
      ['space', '⟦«p⟧as payé»'],
      ['space', '«pas pay⟦é»⟧'],
    ]);
  });

  it('a colon takes the word-wide no-break space, not the narrow one', () => {
    expect(rules(`Adresse${NNBSP}: 12 rue du Port`)).toEqual(['space']);
  });

  it('leaves times, ratios, URLs, e-mail addresses and domain names alone', () => {
    for (const text of [
      'Ouvert de 9:30 à 18:00',
      'Écran 16:9',
      'Voir https://www.erepare.fr/suivi?ticket=T-123&x=1 pour le suivi',
      'Lien mailto:contact@erepare.fr',
      'Écrivez à contact@erepare.fr',
      'Le site erepare.fr et www.erepare.fr/boutique',
      'Windows 11/10/8/7',
    ]) {
      expect(check(text), text).toEqual([]);
    }
    // Not punctuation: a sign inside a word or an address (« ::1 », « ?page=2 »).
    expect(check('Écoute sur localhost ou ::1, liste ?page=2')).toEqual([]);
    // The sign after an address still takes its space.
    expect(rules('Écrivez-nous sur contact@erepare.fr !')).toEqual(['space']);
  });

  it('does not flag ASCII apostrophes', () => {
    expect(check("L'atelier d'Arcachon, qu'il soit ouvert ou pas")).toEqual([]);
  });
});

describe('numbers, euros and percentages', () => {
  it('wants a no-break space between a number and « € » or « % »', () => {
    expect(check('Dès 19,90€')).toEqual([['space', 'Dès 19,9⟦0€⟧']]);
    expect(check('Dès 19,90 €')).toEqual([['space', 'Dès 19,9⟦0 €⟧']]);
    expect(check('99% de clients satisfaits')).toEqual([['space', '9⟦9%⟧ de clients satisfaits']]);
    expect(check(`Dès 19,90${NBSP}€, 99${NNBSP}% satisfaits, -48,90${NBSP}€`)).toEqual([]);
    expect(check('50€-800€')).toHaveLength(2);
    // A word before « € » is not an amount.
    expect(check('Montant en €')).toEqual([]);
  });

  it('the amounts the app formats pass', () => {
    expect(check(`Total${NBSP}: ${formatCents(123450)}, remise ${formatCents(-4890)}`)).toEqual([]);
  });

  it('wants thousands groups joined by no-break spaces', () => {
    expect(check('Plus de 1 200 appareils')).toEqual([['thousands', 'Plus de ⟦1 200⟧ appareils']]);
    expect(check('12 500 000 heures')).toEqual([['thousands', '⟦12 500 000⟧ heures']]);
    expect(check(`Plus de 1${NNBSP}200 appareils, 6${NBSP}700 réparations`)).toEqual([]);
    // Words after a number are fine with a plain space; phone numbers are pairs; a year is a year.
    expect(check('30 jours, 05 56 00 00 00, en 2026 200 appareils réparés')).toEqual([]);
    // A model and its capacity are two numbers.
    expect(check('Samsung Galaxy A13 128 Go, iPhone 13 512 Go, iPhone 15 256 GB')).toEqual([]);
    expect(rules('Batterie externe 10 000 mAh, disque de 1 000 Go')).toEqual(['thousands', 'thousands']);
  });

  it('wants an amount of a thousand euros or more in groups, not its number alone', () => {
    expect(check(`Total${NBSP}: 1234,50${NBSP}€`)).toEqual([['thousands', `Total⍽: ⟦1234⟧,50⍽€`]]);
    expect(rules(`12500${NBSP}€ et 1000€`)).toEqual(['thousands', 'thousands', 'space']);
    expect(check(`Total${NBSP}: ${formatCents(123450)}, ${formatCents(1_250_000_00)}, 999,99${NBSP}€`)).toEqual([]);
    // Years, postcodes and references are numbers, not amounts.
    expect(check('Facture F-2026-00012 du 1er décembre 2026, 33470 Gujan-Mestras')).toEqual([]);
  });
});

describe('contractions and elisions', () => {
  it('« à le », « de le », « de les », « à les »', () => {
    expect(check('Réparation à Le Teich')).toEqual([['contraction', 'Réparation ⟦à Le⟧ Teich']]);
    expect(check('Les clients de Le Teich')).toEqual([['contraction', 'Les clients ⟦de Le⟧ Teich']]);
    expect(rules('La liste de les réparations')).toEqual(['contraction']);
    expect(rules('Un accès à les factures')).toEqual(['contraction']);
    expect(checkFrenchTypography('Réparation à Le Teich')[0]?.message).toContain('« au »');
  });

  it('leaves « le » and « les » pronouns alone (« de le réparer », « à les récupérer »)', () => {
    expect(check('Merci de le déposer, avant de les récupérer, prêt à le faire, de le voir, de les en informer, de le lui dire')).toEqual([]);
  });

  it('elides « de », « que », « si » before a vowel', () => {
    expect(check('Réparation de Arcachon')).toEqual([['contraction', 'Réparation ⟦de ⟧Arcachon']]);
    expect(rules('Les clients de Andernos-les-Bains')).toEqual(['contraction']);
    expect(rules('Écran de iPhone')).toEqual(['contraction']);
    expect(rules('Il faut que il soit allumé')).toEqual(['contraction']);
    expect(rules('Plus que 1 en stock')).toEqual(['contraction']);
    expect(rules('Dites-nous si il démarre')).toEqual(['contraction']);
    expect(rules('Si ils sont prêts')).toEqual(['contraction']);
    expect(rules('Ce ne est pas grave')).toEqual(['contraction']);
  });

  it('leaves the right forms, acronyms, single letters and h alone', () => {
    for (const text of [
      'Réparation d’Arcachon, du Teich, au Teich, des Sables, à La Teste-de-Buch, de La Hume, de Gujan-Mestras',
      'Plus qu’1 en stock, s’il démarre, qu’il soit allumé',
      'Un port de USB-C, un écran de OLED, de A à Z',
      'La une du journal, le onze de France, de oui ou de non',
      'Plus que 10 en stock, plus que 2',
      'Réparation de Hossegor',
    ]) {
      expect(check(text), text).toEqual([]);
    }
  });
});

describe('English words in the French interface', () => {
  it('flags them as whole words, whatever their case', () => {
    expect(check('Email requis')).toEqual([['english', '⟦Email⟧ requis']]);
    expect(rules('Token invalide')).toEqual(['english']);
    expect(rules('Loading…')).toEqual(['english']);
    expect(rules('Submit')).toEqual(['english']);
    expect(rules('Error')).toEqual(['english']);
    expect(rules('Cancel')).toEqual(['english']);
    expect(rules('Votre password')).toEqual(['english']);
    expect(rules(`Email vérifié${NBSP}!`)).toEqual(['english']);
  });

  it('leaves the French spellings, e-mail addresses and the spec’s 404 title alone', () => {
    expect(check('E-mail requis, adresse e-mail, courriel, erreur, annuler, chargement')).toEqual([]);
    expect(check('Écrivez à email@erepare.fr')).toEqual([]);
    expect(check('404 Oops! Page not found')).toEqual([]);
    // Anywhere else, « Oops » is English.
    expect(rules('Oops, une erreur')).toEqual(['english']);
  });

  it('leaves names from code alone (« FCM_CLIENT_EMAIL », « last_error »)', () => {
    expect(check('FCM_CLIENT_EMAIL et FCM_PRIVATE_KEY vont ensemble, voir last_error')).toEqual([]);
  });
});

describe('the first of the month', () => {
  it('is « 1er »', () => {
    expect(check('Dépôt le 1 décembre')).toEqual([['ordinal', 'Dépôt le ⟦1⟧ décembre']]);
    expect(rules(`Le 1${NBSP}mars`)).toEqual(['ordinal']);
    expect(check('Le 1er décembre, le 11 décembre, le 21 mars')).toEqual([]);
    expect(check(formatLongDate('2026-12-01T12:00:00Z'))).toEqual([]);
  });
});

describe('the spec’s own strings and accepted exceptions', () => {
  it('leaves the strings the spec quotes as they are', () => {
    for (const text of [
      'À partir de 29€',
      'Erreur serveur: 503 Service Unavailable',
      'Type de fichier non supporté: image/gif',
      'Votre message a été envoyé avec succès !',
      'Erreur lors de l’upload',
    ]) {
      expect(check(text), text).toEqual([]);
    }
    // Written otherwise, they are checked.
    expect(rules('À partir de 39€')).toEqual(['space']);
  });

  it('accepts a caller’s own exceptions, exact or as patterns', () => {
    expect(checkFrenchTypography('Nouveau : la boutique', { allow: ['Nouveau :'] })).toEqual([]);
    expect(checkFrenchTypography('Étape 1: 2: 3:', { allow: [/Étape 1:/] }).map((problem) => problem.rule)).toEqual(['space', 'space']);
  });

  it('describes the problems, one per line, with where they were found', () => {
    const description = describeTypographyProblems(checkFrenchTypography('Merci ! Email'), '/contact');
    expect(description.split('\n')).toEqual([
      '/contact: [space] a plain space before « ! » (write a no-break space: U+00A0 or U+202F)',
      '    Merci⟦ !⟧ Email',
      '/contact: [english] English « Email » in French text: « e-mail » or « adresse e-mail »',
      '    Merci ! ⟦Email⟧',
    ]);
  });
});

describe('typesetFrench: the no-break spaces put where plain ones are', () => {
  it('before « : ; ! ? » », after « «, before « € » and « % », between thousands groups', () => {
    expect(typesetFrench('Total : 1 234,50 € ; remise 10 % ! « Bravo » ?')).toBe(
      `Total${NBSP}: 1${NNBSP}234,50${NBSP}€${NBSP}; remise 10${NBSP}%${NBSP}! «${NBSP}Bravo${NBSP}»${NBSP}?`,
    );
    expect(typesetFrench('SIRET 732 829 320 00074')).toBe(`SIRET 732${NNBSP}829${NNBSP}320 00074`);
  });

  it('adds no space, and leaves what has none, times, addresses, phone numbers and apostrophes alone', () => {
    for (const text of ['Merci!', 'À 10:30, https://www.erepare.fr/suivi?ticket=T-1', 'Appelez le 05 56 66 12 34', "L'atelier d’Arcachon", 'Galaxy A13 128 Go', 'iPhone 13 512 Go']) {
      expect(typesetFrench(text), text).toBe(text);
    }
  });

  it('gives texts the checker passes, and changes nothing the second time', () => {
    const text = 'Adresse : 12 rue du Port ; « pas réparé, pas payé » ? Plus de 12 000 clients, 99 % satisfaits, dès 29 €.';
    expect(checkFrenchTypography(typesetFrench(text))).toEqual([]);
    expect(typesetFrench(typesetFrench(text))).toBe(typesetFrench(text));
  });
});
