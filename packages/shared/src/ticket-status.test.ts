import { describe, expect, it } from 'vitest';
import {
  resolveStatusName,
  staffStatusKey,
  staffStatusLabel,
  accountListColour,
  dashboardStyleGroup,
  defaultStatuses,
  deviceCategories,
  emptyStatusLabel,
  isDeviceCategory,
  proxyDefaultStatuses,
  statusBadgeColour,
  statusKey,
  statusLabel,
  statusRequiresAction,
  statusUpdateMessage,
  statusUpdateNotification,
} from './ticket-status.js';

/** Every English status of spec 1 §4 and spec 3 §4, with its French label. */
const englishStatuses: readonly (readonly [string, string])[] = [
  ['waiting for inspection', "En attente d'inspection"],
  ['waiting for parts', 'En attente de pièces'],
  ['waiting for customer', 'En attente du client'],
  ['in progress', 'En cours de réparation'],
  ['repaired', 'Réparé'],
  ['completed', 'Terminé'],
  ['ready for pickup', 'Prêt à récupérer'],
  ['collected', 'Récupéré'],
  ['repaired & collected', 'Réparé et récupéré'],
  ['not repairable', 'Non réparable'],
  ['unrepairable', 'Non réparable'],
  ['cancelled', 'Annulé'],
  ['on hold', 'En pause'],
  ['diagnostic', 'Diagnostic'],
  ['diagnosis', 'Diagnostic'],
  ['pending', 'En attente de validation'],
  ['assigned', 'Assigné'],
  ['received', 'Reçu'],
  ['new', 'Nouveau'],
  ['open', 'Ouvert'],
  ['quote', 'Devis'],
  ['estimate', 'Devis'],
  ['approved', 'Approuvé'],
  ['delivered', 'Livré'],
  ['shipped', 'Expédié'],
  ['paid', 'Payé'],
  ['invoice', 'Facturé'],
  ['closed', 'Clôturé'],
  ['finished', 'Terminé'],
];

const nbsp = '\u00a0';

describe('statusKey', () => {
  it('lower-cases, trims and collapses blanks', () => {
    expect(statusKey('  In   Progress ')).toBe('in progress');
    expect(statusKey('Ready_for_pickup')).toBe('ready for pickup');
    expect(statusKey('EN ATTENTE')).toBe('en attente');
  });

  it('unifies apostrophes and composes accents', () => {
    expect(statusKey('En attente d’inspection')).toBe("en attente d'inspection");
    expect(statusKey('Re\u0301pare\u0301')).toBe('réparé');
  });

  it('is empty for null, undefined and blanks', () => {
    expect(statusKey(null)).toBe('');
    expect(statusKey(undefined)).toBe('');
    expect(statusKey(' \t\n')).toBe('');
  });
});

describe('statusLabel', () => {
  it.each(englishStatuses)('translates "%s" to "%s"', (english, french) => {
    expect(statusLabel(english)).toBe(french);
  });

  it('uses the texts spec 3 §4 gives verbatim', () => {
    expect(statusLabel('Waiting for inspection')).toBe("En attente d'inspection");
    expect(statusLabel('In Progress')).toBe('En cours de réparation');
    expect(statusLabel('Ready for pickup')).toBe('Prêt à récupérer');
    expect(statusLabel('Cancelled')).toBe('Annulé');
    expect(statusLabel('Pending')).toBe('En attente de validation');
  });

  it('translates every status of the default list', () => {
    for (const { name } of defaultStatuses) {
      expect(statusLabel(name), name).not.toBe(name);
    }
  });

  it('compares in lower case, trimmed', () => {
    expect(statusLabel('IN PROGRESS')).toBe('En cours de réparation');
    expect(statusLabel('  Repaired  ')).toBe('Réparé');
    expect(statusLabel('Repaired & Collected')).toBe('Réparé et récupéré');
    expect(statusLabel('in  progress')).toBe('En cours de réparation');
    expect(statusLabel('Not_Repairable')).toBe('Non réparable');
  });

  it('accepts the other spellings of the same words', () => {
    expect(statusLabel('Canceled')).toBe('Annulé');
    expect(statusLabel('Repaired and collected')).toBe('Réparé et récupéré');
  });

  it('shows an empty status as "En attente"', () => {
    expect(emptyStatusLabel).toBe('En attente');
    expect(statusLabel('')).toBe('En attente');
    expect(statusLabel('   ')).toBe('En attente');
    expect(statusLabel(null)).toBe('En attente');
    expect(statusLabel(undefined)).toBe('En attente');
  });

  it('shows unknown statuses unchanged, casing included', () => {
    expect(statusLabel('Waiting for Godot')).toBe('Waiting for Godot');
    expect(statusLabel('RMA Apple')).toBe('RMA Apple');
    expect(statusLabel('in progress!')).toBe('in progress!');
  });

  it('passes French statuses through unchanged', () => {
    for (const { name } of proxyDefaultStatuses) expect(statusLabel(name)).toBe(name);
    for (const french of ['En cours de diagnostic', 'Réparation terminée', 'Prêt pour récupération', 'Devis en attente', 'en cours']) {
      expect(statusLabel(french)).toBe(french);
    }
  });

  it('does not translate partial matches', () => {
    expect(statusLabel('new repair')).toBe('new repair');
    expect(statusLabel('reopened')).toBe('reopened');
  });
});

describe('statusBadgeColour', () => {
  it.each([
    ['delivered', 'green'],
    ['Delivered', 'green'],
    ['repaired', 'green'],
    ['completed', 'green'],
    ['repaired & collected', 'green'],
    ['finished', 'green'],
    ['livré', 'green'],
    ['Livrée', 'green'],
    ['Réparé', 'green'],
    ['Terminé', 'green'],
    ['Réparation terminée', 'green'],
    ['in progress', 'blue'],
    ['In Progress', 'blue'],
    ['En cours', 'blue'],
    ['En cours de réparation', 'blue'],
    ['diagnostic', 'cyan'],
    ['Diagnosis', 'cyan'],
    ['En cours de diagnostic', 'cyan'],
    ['Diagnostic in progress', 'cyan'],
    ['awaiting repair', 'indigo'],
    ['Waiting for repair', 'indigo'],
    ['En attente de réparation', 'indigo'],
    ['waiting for parts', 'orange'],
    ['waiting for inspection', 'orange'],
    ['waiting for customer', 'orange'],
    ['Waiting for diagnostic', 'orange'],
    ['pending', 'orange'],
    ['En attente', 'orange'],
    ['En attente de pièces', 'orange'],
    ['Devis en attente', 'orange'],
    ['cancelled', 'red'],
    ['Canceled', 'red'],
    ['Annulé', 'red'],
    ['not repairable', 'red'],
    ['unrepairable', 'red'],
    ['Réparation impossible', 'red'],
    ['Non réparable', 'red'],
    ['on hold', 'grey'],
    ['ready for pickup', 'grey'],
    ['quote', 'grey'],
    ['new', 'grey'],
    ['closed', 'grey'],
    ['Something else', 'grey'],
  ] as const)('"%s" is %s', (status, colour) => {
    expect(statusBadgeColour(status)).toBe(colour);
  });

  it('gives an English status and its French label the same colour', () => {
    for (const [english, french] of englishStatuses) {
      expect(statusBadgeColour(english), english).toBe(statusBadgeColour(french));
    }
  });

  it('colours an empty status like its label "En attente"', () => {
    expect(statusBadgeColour('')).toBe('orange');
    expect(statusBadgeColour(null)).toBe('orange');
    expect(statusBadgeColour(undefined)).toBe('orange');
  });

  it('ignores case and surrounding whitespace', () => {
    expect(statusBadgeColour('  DELIVERED ')).toBe('green');
    expect(statusBadgeColour('EN ATTENTE')).toBe('orange');
  });
});

describe('dashboardStyleGroup', () => {
  it.each([
    ['repaired', 'done'],
    ['completed', 'done'],
    ['ready for pickup', 'done'],
    ['Ready', 'done'],
    ['collected', 'done'],
    ['finished', 'done'],
    ['repaired & collected', 'done'],
    ['Réparé', 'done'],
    ['Terminé', 'done'],
    ['Réparation terminée', 'done'],
    ['Prêt à récupérer', 'done'],
    ['Prêt pour récupération', 'done'],
    ['Récupéré', 'done'],
    ['not repairable', 'failed'],
    ['Not Repairable', 'failed'],
    ['unrepairable', 'failed'],
    ['cancelled', 'failed'],
    ['Canceled', 'failed'],
    ['Annulé', 'failed'],
    ['Non réparable', 'failed'],
    ['Réparation impossible', 'failed'],
    ['diagnostic', 'diagnostic'],
    ['diagnosis', 'diagnostic'],
    ['waiting for inspection', 'diagnostic'],
    ['Inspection', 'diagnostic'],
    ['En cours de diagnostic', 'diagnostic'],
    ["En attente d'inspection", 'diagnostic'],
    ['in progress', 'in-progress'],
    ['Repair', 'in-progress'],
    ['awaiting repair', 'in-progress'],
    ['En cours', 'in-progress'],
    ['En cours de réparation', 'in-progress'],
    ['waiting for parts', 'waiting-parts'],
    ['Waiting For Parts', 'waiting-parts'],
    ['En attente de pièces', 'waiting-parts'],
    ['waiting for customer', 'other'],
    ['pending', 'other'],
    ['on hold', 'other'],
    ['delivered', 'other'],
    ['quote', 'other'],
    ['Devis en attente', 'other'],
    ['En attente', 'other'],
    ['', 'other'],
    [null, 'other'],
    [undefined, 'other'],
  ] as const)('"%s" is %s', (status, group) => {
    expect(dashboardStyleGroup(status)).toBe(group);
  });

  it('checks failures before "repair": not repairable is failed, not in progress', () => {
    expect(dashboardStyleGroup('not repairable')).toBe('failed');
    expect(dashboardStyleGroup('Repair cancelled')).toBe('failed');
  });

  it('checks done before "repair": repaired is done, not in progress', () => {
    expect(dashboardStyleGroup('repaired')).toBe('done');
    expect(dashboardStyleGroup('Repair completed')).toBe('done');
  });

  it('keeps waiting for parts out of the other groups', () => {
    expect(dashboardStyleGroup('waiting for parts')).toBe('waiting-parts');
    expect(dashboardStyleGroup('Waiting for parts (repair)')).toBe('waiting-parts');
  });

  it('checks diagnostic before in progress', () => {
    expect(dashboardStyleGroup('Diagnostic in progress')).toBe('diagnostic');
  });

  it('puts an English status and its French label in the same group', () => {
    for (const [english, french] of englishStatuses) {
      expect(dashboardStyleGroup(english), english).toBe(dashboardStyleGroup(french));
    }
  });

  it('gives every status of the default list a group of its own kind', () => {
    expect(defaultStatuses.map(({ name }) => dashboardStyleGroup(name))).toEqual([
      'diagnostic',
      'in-progress',
      'waiting-parts',
      'other',
      'done',
      'done',
      'done',
      'failed',
      'failed',
    ]);
  });
});

describe('accountListColour', () => {
  it.each([
    ['Réparé', 'green'],
    ['réparé et récupéré', 'green'],
    ['repaired', 'green'],
    ['Repaired & Collected', 'green'],
    ['En attente', 'yellow'],
    ['Devis en attente', 'yellow'],
    ['in progress', 'yellow'],
    ['IN PROGRESS', 'yellow'],
    ['waiting for parts', 'yellow'],
    ['pending', 'yellow'],
    ['En cours', 'grey'],
    ['Terminé', 'grey'],
    ['completed', 'grey'],
    ['Livré', 'grey'],
    ['Annulé', 'grey'],
    ['not repairable', 'grey'],
    ['Non réparable', 'grey'],
    ['Autre chose', 'grey'],
  ] as const)('"%s" is %s', (status, colour) => {
    expect(accountListColour(status)).toBe(colour);
  });

  it('checks green before yellow', () => {
    expect(accountListColour('Repaired, waiting for pickup')).toBe('green');
  });

  it('colours an empty status like its label "En attente"', () => {
    expect(accountListColour('')).toBe('yellow');
    expect(accountListColour(null)).toBe('yellow');
  });
});

describe('statusRequiresAction', () => {
  it('is true when the status contains "attente"', () => {
    expect(statusRequiresAction('En attente')).toBe(true);
    expect(statusRequiresAction('Devis en attente')).toBe(true);
    expect(statusRequiresAction('EN ATTENTE DE PIÈCES')).toBe(true);
  });

  it('reads English statuses through their French label', () => {
    expect(statusRequiresAction('pending')).toBe(true);
    expect(statusRequiresAction('waiting for customer')).toBe(true);
    expect(statusRequiresAction('waiting for parts')).toBe(true);
  });

  it('is false otherwise', () => {
    expect(statusRequiresAction('En cours de réparation')).toBe(false);
    expect(statusRequiresAction('Livré')).toBe(false);
    expect(statusRequiresAction('repaired')).toBe(false);
  });

  it('is false for an empty status', () => {
    expect(statusRequiresAction('')).toBe(false);
    expect(statusRequiresAction('  ')).toBe(false);
    expect(statusRequiresAction(null)).toBe(false);
    expect(statusRequiresAction(undefined)).toBe(false);
  });
});

describe('statusUpdateMessage', () => {
  /** The eight statuses of spec 1 §4 and their sentences. */
  const fixed: readonly (readonly [string, string])[] = [
    ['en cours de diagnostic', 'votre appareil est en cours de diagnostic par notre technicien.'],
    ['en cours de réparation', 'notre technicien est en train de réparer votre appareil.'],
    ['réparation terminée', 'bonne nouvelle, la réparation de votre appareil est terminée.'],
    ['prêt pour récupération', 'votre appareil est prêt. Vous pouvez venir le récupérer en boutique.'],
    [
      'en attente de pièces',
      'nous attendons les pièces nécessaires à la réparation de votre appareil. Nous reprendrons dès leur arrivée.',
    ],
    [
      'devis en attente',
      'un devis est prêt pour votre réparation. Merci de nous donner votre accord pour que nous puissions continuer.',
    ],
    [
      'réparation impossible',
      'malheureusement, votre appareil ne peut pas être réparé. Contactez-nous pour en parler ou pour venir le récupérer.',
    ],
    ['livré', 'votre appareil vous a été remis. Merci de votre confiance.'],
  ];

  it.each(fixed)('has its own message for "%s"', (status, sentence) => {
    expect(statusUpdateMessage(status, 'T-6632')).toBe(`Ticket T-6632${nbsp}: ${sentence}`);
  });

  it('gives the eight statuses eight different messages', () => {
    expect(new Set(fixed.map(([status]) => statusUpdateMessage(status, 'T-1'))).size).toBe(8);
  });

  it('compares in lower case, trimmed', () => {
    expect(statusUpdateMessage('  En Cours De Diagnostic ', 'T-6632')).toBe(
      `Ticket T-6632${nbsp}: votre appareil est en cours de diagnostic par notre technicien.`,
    );
    expect(statusUpdateMessage('LIVRÉ', 'T-6632')).toBe(statusUpdateMessage('livré', 'T-6632'));
  });

  it('gives an English status the message of its French equivalent', () => {
    const same = (a: string, b: string) => expect(statusUpdateMessage(a, 'T-6632')).toBe(statusUpdateMessage(b, 'T-6632'));
    same('in progress', 'en cours de réparation');
    same('waiting for parts', 'en attente de pièces');
    same('diagnostic', 'en cours de diagnostic');
    same('repaired', 'réparation terminée');
    same('ready for pickup', 'prêt pour récupération');
    same('quote', 'devis en attente');
    same('not repairable', 'réparation impossible');
    same('delivered', 'livré');
  });

  it('gives the proxy default statuses a fitting message', () => {
    expect(statusUpdateMessage('En cours', 'T-6632')).toBe(statusUpdateMessage('en cours de réparation', 'T-6632'));
    expect(statusUpdateMessage('Terminé', 'T-6632')).toBe(statusUpdateMessage('réparation terminée', 'T-6632'));
    expect(statusUpdateMessage('Livré', 'T-6632')).toBe(statusUpdateMessage('livré', 'T-6632'));
  });

  it('names the new status in French in the generic message', () => {
    expect(statusUpdateMessage('on hold', 'T-6632')).toBe(
      `Ticket T-6632${nbsp}: le statut de votre réparation est désormais «${nbsp}En pause${nbsp}».`,
    );
    expect(statusUpdateMessage('En attente', 'T-6632')).toBe(
      `Ticket T-6632${nbsp}: le statut de votre réparation est désormais «${nbsp}En attente${nbsp}».`,
    );
    expect(statusUpdateMessage('Retour SAV Apple', 'T-6632')).toBe(
      `Ticket T-6632${nbsp}: le statut de votre réparation est désormais «${nbsp}Retour SAV Apple${nbsp}».`,
    );
    expect(statusUpdateMessage('', 'T-6632')).toBe(
      `Ticket T-6632${nbsp}: le statut de votre réparation est désormais «${nbsp}En attente${nbsp}».`,
    );
  });

  it('does not use a fixed message for a status that only contains one of the eight', () => {
    expect(statusUpdateMessage('livré au relais', 'T-6632')).toContain('désormais');
  });

  it('normalises the ticket number', () => {
    expect(statusUpdateMessage('livré', '6632')).toBe(statusUpdateMessage('livré', 'T-6632'));
    expect(statusUpdateMessage('livré', ' t6632 ')).toMatch(/^Ticket T-6632\u00a0: /);
    expect(statusUpdateMessage('livré', 6632)).toMatch(/^Ticket T-6632\u00a0: /);
  });

  it('shows another reference as given', () => {
    expect(statusUpdateMessage('livré', '42')).toMatch(/^Ticket 42\u00a0: /);
  });

  it('starts with a capital when there is no ticket number', () => {
    expect(statusUpdateMessage('livré', '')).toBe('Votre appareil vous a été remis. Merci de votre confiance.');
    expect(statusUpdateMessage('en cours de diagnostic', null)).toBe(
      'Votre appareil est en cours de diagnostic par notre technicien.',
    );
    expect(statusUpdateMessage('on hold', undefined)).toBe(
      `Le statut de votre réparation est désormais «${nbsp}En pause${nbsp}».`,
    );
  });
});

describe('statusUpdateNotification', () => {
  it('gathers title, message and actionRequired', () => {
    expect(statusUpdateNotification('devis en attente', '6632')).toEqual({
      title: 'Mise à jour du ticket T-6632',
      message: statusUpdateMessage('devis en attente', 'T-6632'),
      actionRequired: true,
    });
    expect(statusUpdateNotification('livré', null)).toEqual({
      title: 'Mise à jour de votre réparation',
      message: statusUpdateMessage('livré', null),
      actionRequired: false,
    });
  });
});

describe('defaultStatuses', () => {
  it('is the default list of spec 3 §4, in order, with its types', () => {
    expect(defaultStatuses.map(({ name, type }) => [name, type])).toEqual([
      ['Waiting for inspection', 'Open'],
      ['In Progress', 'Open'],
      ['Waiting for parts', 'Open'],
      ['Waiting for customer', 'Open'],
      ['Repaired', 'Closed'],
      ['Ready for pickup', 'Closed'],
      ['Collected', 'Closed'],
      ['Not repairable', 'Closed'],
      ['Cancelled', 'Closed'],
    ]);
  });

  it('gives every status a hex colour and no id', () => {
    for (const status of defaultStatuses) {
      expect(status.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(status.id).toBeUndefined();
    }
  });
});

describe('proxyDefaultStatuses', () => {
  it('is 1 En attente, 2 En cours, 3 Terminé, 4 Livré (spec 1 §4)', () => {
    expect(proxyDefaultStatuses.map(({ id, name, type }) => [id, name, type])).toEqual([
      [1, 'En attente', 'Open'],
      [2, 'En cours', 'Open'],
      [3, 'Terminé', 'Closed'],
      [4, 'Livré', 'Closed'],
    ]);
  });

  it('gives every status a hex colour', () => {
    for (const status of proxyDefaultStatuses) expect(status.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('has names no default status uses, so both lists can share one table', () => {
    const names = new Set(defaultStatuses.map(({ name }) => statusKey(name)));
    for (const { name } of proxyDefaultStatuses) expect(names.has(statusKey(name))).toBe(false);
  });
});

describe('deviceCategories', () => {
  it('lists the categories of spec 3 §3 in order', () => {
    expect(deviceCategories).toEqual(['Téléphone', 'Tablette', 'Ordinateur', 'Console', 'Montre', 'Chromebook', 'Autre appareil']);
  });

  it('recognises a category exactly', () => {
    expect(isDeviceCategory('Téléphone')).toBe(true);
    expect(isDeviceCategory('Autre appareil')).toBe(true);
    expect(isDeviceCategory('telephone')).toBe(false);
    expect(isDeviceCategory('')).toBe(false);
    expect(isDeviceCategory(null)).toBe(false);
    expect(isDeviceCategory(3)).toBe(false);
  });
});

describe('staffStatusLabel and resolveStatusName (the admin: issue 22 §3.1)', () => {
  it('shows staff one French name per state: English statuses and a shop’s French synonyms fold together', () => {
    expect(staffStatusLabel('In Progress')).toBe('En cours de réparation');
    expect(staffStatusLabel('En cours')).toBe('En cours de réparation');
    expect(staffStatusLabel('Ready for pickup')).toBe('Prêt à récupérer');
    expect(staffStatusLabel('Prêt pour récupération')).toBe('Prêt à récupérer');
    expect(staffStatusLabel('Collected')).toBe('Récupéré');
    expect(staffStatusLabel('Contrôle qualité')).toBe('Contrôle qualité');
    expect(staffStatusKey('in progress')).toBe(staffStatusKey('EN COURS'));
  });

  it('finds the stored status a French name stands for, and refuses an unknown or ambiguous one', () => {
    const names = ['Waiting for inspection', 'In Progress', 'Ready for pickup', 'Repaired', 'Not repairable'];
    expect(resolveStatusName(names, 'In Progress')).toBe('In Progress');
    expect(resolveStatusName(names, '  in progress ')).toBe('In Progress');
    expect(resolveStatusName(names, 'En cours de réparation')).toBe('In Progress');
    expect(resolveStatusName(names, 'en cours')).toBe('In Progress');
    expect(resolveStatusName(names, 'Prêt à récupérer')).toBe('Ready for pickup');
    expect(resolveStatusName(names, 'Non réparable')).toBe('Not repairable');
    expect(resolveStatusName(names, 'Parti en vacances')).toBeNull();
    // A shop with both: the English status whose label it is wins over the synonym; two synonyms are ambiguous.
    expect(resolveStatusName(['In Progress', 'En cours'], 'En cours de réparation')).toBe('In Progress');
    expect(resolveStatusName(['In Progress', 'En cours'], 'En cours')).toBe('En cours');
    expect(resolveStatusName(['En cours', 'En réparation'], 'En cours de réparation')).toBeNull();
  });
});
