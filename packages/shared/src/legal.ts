/**
 * Legal texts of French consumer law used both by the order confirmation mail (server) and by the
 * CGV page (web): ONE source, so the mail and the terms can never say two different things.
 * - the model withdrawal form (annexe à l’article R221-1 du Code de la consommation);
 * - the commercial warranty contract (article L217-22);
 * - the legal-guarantee box of the annex to article D211-2 (décret n° 2022-946 du 29 juin 2022),
 *   for goods, with the 12-month presumption of second-hand goods (article L217-7: the shop sells
 *   refurbished devices).
 * Plain strings only (no HTML): each caller renders and escapes them its own way.
 */
import { formatAddress, type StoreProfile } from './store-profile.js';
import { PRODUCT_WARRANTY_MONTHS, REPAIR_WARRANTY_MONTHS } from './warranty.js';

export { PRODUCT_WARRANTY_MONTHS, REPAIR_WARRANTY_MONTHS };

// ───────────────────────── withdrawal form ─────────────────────────

export const WITHDRAWAL_FORM_TITLE = 'FORMULAIRE TYPE DE RÉTRACTATION';

/**
 * The model withdrawal form, line by line. With an order number (the confirmation mail) the form
 * names the order; without (the CGV page) it leaves a line to fill in.
 */
export function withdrawalFormLines(profile: StoreProfile, orderNumber?: string): string[] {
  return [
    WITHDRAWAL_FORM_TITLE,
    '(annexe à l’article R221-1 du Code de la consommation)',
    '',
    '(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)',
    '',
    `À l’attention de ${profile.legalName}, ${formatAddress(profile)}, ${profile.email} :`,
    '',
    'Je/Nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat portant sur la vente du bien (*)/pour la prestation de services (*) ci-dessous :',
    orderNumber ? `Commande n° ${orderNumber}` : 'Numéro de commande ou de devis :',
    'Commandé le (*)/reçu le (*) :',
    'Nom du (des) consommateur(s) :',
    'Adresse du (des) consommateur(s) :',
    'Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier) :',
    'Date :',
    '',
    '(*) Rayez la mention inutile.',
  ];
}

/** The model withdrawal form as one text (the confirmation mail). */
export function withdrawalFormText(profile: StoreProfile, orderNumber: string): string {
  return withdrawalFormLines(profile, orderNumber).join('\n');
}

// ───────────────────────── commercial warranty (article L217-22) ─────────────────────────

export type CommercialWarrantyContract = {
  title: string;
  /** What is covered and what the guarantor does. */
  object: string;
  exclusions: string;
  /** Duration, price, territory, how to use it, the guarantor and how to reach them. */
  rows: Array<[string, string]>;
  /** The legal guarantees apply independently of the commercial one (article L217-22). */
  independence: string;
  /** Out-of-court settlement: the shop first, then a mediator, SignalConso or the court. */
  disputes: string;
};

/**
 * The products’ commercial warranty contract. `scope` words the object for one order (the
 * confirmation mail) or for every product of the shop (the CGV); the rest is the same text.
 */
export function productWarrantyContract(
  profile: StoreProfile,
  scope: 'order' | 'terms' = 'order',
): CommercialWarrantyContract {
  const guarantor = profile.legalName || profile.name;
  const what = scope === 'order' ? 'chaque produit de cette commande' : 'chaque produit vendu par la boutique, en ligne ou en magasin';
  return {
    title: `Contrat de garantie commerciale de ${PRODUCT_WARRANTY_MONTHS} mois`,
    object:
      `Objet : ${what}, neuf ou reconditionné, est couvert par notre garantie commerciale contre toute panne ou tout défaut de fonctionnement apparu dans des conditions normales d’utilisation. ` +
      'Nous réparons le produit, pièces et main-d’œuvre comprises ; si la réparation est impossible, nous le remplaçons par un produit équivalent ou, à défaut, nous vous le remboursons.',
    exclusions:
      'Exclusions : la casse et les dommages accidentels (chute, choc, écran ou vitre fissurés), l’oxydation et les dommages dus à un liquide ou à l’humidité, la mauvaise utilisation ou une utilisation non conforme à l’usage normal du produit, ' +
      'l’ouverture ou la réparation du produit par un tiers, ainsi que l’usure esthétique (rayures). La sauvegarde de vos données reste à votre charge avant toute intervention.',
    rows: [
      ['Durée', `${PRODUCT_WARRANTY_MONTHS} mois à compter de la livraison du produit ou de son retrait en boutique`],
      ['Prix', 'Gratuite, incluse dans le prix du produit (aucun supplément)'],
      ['Étendue territoriale', 'France'],
      [
        'Mise en œuvre',
        `Contactez la boutique (${profile.phone.display}, ${profile.email} ou en boutique) en indiquant votre numéro de commande et la panne constatée ; nous vous indiquons comment déposer ou envoyer le produit.`,
      ],
      ['Garant', guarantor],
      ['Adresse du garant', formatAddress(profile)],
      ['Téléphone', profile.phone.display],
      ['E-mail', profile.email],
    ],
    independence:
      'Indépendamment de cette garantie commerciale, le vendeur reste tenu de la garantie légale de conformité prévue aux articles L217-3 et suivants du Code de la consommation ' +
      'et de la garantie des vices cachés prévue aux articles 1641 et suivants du Code civil (articles 1641 à 1648 et 2232 du Code civil). ' +
      'La garantie commerciale s’ajoute à ces garanties légales, qui ne sont ni limitées ni remplacées par elle ; elles sont rappelées dans l’encadré ci-dessous.',
    disputes:
      `En cas de difficulté, contactez-nous d’abord (${profile.phone.display} ou ${profile.email}). ` +
      'À défaut de solution, vous pouvez recourir gratuitement à un médiateur de la consommation (articles L611-1 et suivants du Code de la consommation), ' +
      'signaler le problème à la DGCCRF sur le site signal.conso.gouv.fr, ou saisir la juridiction compétente.',
  };
}

// ───────────────────────── legal guarantees (annexe à l’article D211-2) ─────────────────────────

export const LEGAL_GUARANTEE_BOX_TITLE = 'Garanties légales (annexe à l’article D211-2 du Code de la consommation)';

/** The box of the annex to article D211-2 (goods), in its official wording. */
export function legalGuaranteeBox(): string[] {
  return [
    'Le consommateur dispose d’un délai de deux ans à compter de la délivrance du bien pour obtenir la mise en œuvre de la garantie légale de conformité en cas d’apparition d’un défaut de conformité. ' +
      'Durant ce délai, le consommateur n’est tenu d’établir que l’existence du défaut de conformité et non la date d’apparition de celui-ci. ' +
      'Pour les biens vendus d’occasion, dont les produits reconditionnés, cette dispense de preuve vaut pendant les 12 mois qui suivent la délivrance du bien (article L217-7 du Code de la consommation).',
    'Lorsque le contrat de vente du bien prévoit la fourniture d’un contenu numérique ou d’un service numérique de manière continue pendant une durée supérieure à deux ans, la garantie légale est applicable à ce contenu numérique ou ce service numérique tout au long de la période de fourniture prévue. ' +
      'Durant ce délai, le consommateur n’est tenu d’établir que l’existence du défaut de conformité affectant le contenu numérique ou le service numérique et non la date d’apparition de celui-ci.',
    'La garantie légale de conformité emporte obligation pour le professionnel, le cas échéant, de fournir toutes les mises à jour nécessaires au maintien de la conformité du bien.',
    'La garantie légale de conformité donne au consommateur droit à la réparation ou au remplacement du bien dans un délai de 30 jours suivant sa demande, sans frais et sans inconvénient majeur pour lui.',
    'Si le bien est réparé dans le cadre de la garantie légale de conformité, le consommateur bénéficie d’une extension de six mois de la garantie initiale (article L217-13 du Code de la consommation).',
    'Si le consommateur demande la réparation du bien, mais que le vendeur impose le remplacement, la garantie légale de conformité est renouvelée pour une période de deux ans à compter de la date de remplacement du bien (article L217-13 du Code de la consommation).',
    'Le consommateur peut obtenir une réduction du prix d’achat en conservant le bien ou mettre fin au contrat en se faisant rembourser intégralement contre restitution du bien, si :',
    '1° Le professionnel refuse de réparer ou de remplacer le bien ;',
    '2° La réparation ou le remplacement du bien intervient après un délai de 30 jours ;',
    '3° La réparation ou le remplacement du bien occasionne un inconvénient majeur pour le consommateur, notamment lorsque le consommateur supporte définitivement les frais de reprise ou d’enlèvement du bien non conforme, ou s’il supporte les frais d’installation du bien réparé ou de remplacement ;',
    '4° La non-conformité du bien persiste en dépit de la tentative de mise en conformité du vendeur restée infructueuse.',
    'Le consommateur a également droit à une réduction du prix du bien ou à la résolution du contrat lorsque le défaut de conformité est si grave qu’il justifie que la réduction du prix ou la résolution du contrat soit immédiate. ' +
      'Le consommateur n’est alors pas tenu de demander la réparation ou le remplacement du bien au préalable.',
    'Le consommateur n’a pas droit à la résolution de la vente si le défaut de conformité est mineur.',
    'Toute période d’immobilisation du bien en vue de sa réparation ou de son remplacement suspend la garantie qui restait à courir jusqu’à la délivrance du bien remis en état.',
    'Les droits mentionnés ci-dessus résultent de l’application des articles L217-1 à L217-32 du Code de la consommation.',
    'Le vendeur qui fait obstacle de mauvaise foi à la mise en œuvre de la garantie légale de conformité encourt une amende civile d’un montant maximal de 300\u00a0000 euros, qui peut être porté jusqu’à 10\u00a0% du chiffre d’affaires moyen annuel (article L241-5 du Code de la consommation).',
    'Le consommateur bénéficie également de la garantie légale des vices cachés en application des articles 1641 à 1649 du Code civil, pendant une durée de deux ans à compter de la découverte du défaut. ' +
      'Cette garantie donne droit à une réduction de prix si le bien est conservé ou à un remboursement intégral contre restitution du bien.',
  ];
}
