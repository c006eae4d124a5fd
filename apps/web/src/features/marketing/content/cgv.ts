import {
  LEGAL_GUARANTEE_BOX_TITLE,
  PRODUCT_WARRANTY_MONTHS,
  REPAIR_WARRANTY_MONTHS,
  legalGuaranteeBox,
  productWarrantyContract,
  withdrawalFormLines,
} from '@erepare/shared/legal';
import { SHIPPING_METHODS } from '@erepare/shared/shop';
import { formatAddress, type StoreProfile } from '@erepare/shared/store-profile';
import type { LegalSection } from '../components/legal/document-types';
import { typeset } from '../components/legal/typography';

/**
 * The terms of sale (/cgv): an overview and 9 articles (spec 3 §2) for a shop that repairs
 * devices, sells products online and in store, and buys back used devices. The legal texts shared
 * with the order confirmation mail (withdrawal form, commercial warranty, the D211-2 box) come from
 * @erepare/shared/legal, the shipping methods and thresholds from @erepare/shared/shop, the company
 * and the mediator from the store profile. No clause imposes a court on consumers.
 */

export const ORDER_BUTTON_LABEL = 'Commander avec obligation de paiement';

export type CgvDocument = { overview: LegalSection; articles: LegalSection[] };

export function cgvDocument(profile: StoreProfile): CgvDocument {
  const seller = profile.legalName || profile.name;
  const address = formatAddress(profile);
  const email = { label: profile.email, href: `mailto:${profile.email}` };
  const vat =
    profile.vatRegime === 'franchise'
      ? 'TVA non applicable, article 293 B du Code général des impôts : les prix sont nets.'
      : 'Ils comprennent la TVA au taux en vigueur (20 %).';
  const contract = productWarrantyContract(profile, 'terms');

  const overview: LegalSection = {
    id: 'presentation',
    title: 'Présentation',
    blocks: [
      {
        kind: 'p',
        text: `Les présentes conditions générales de vente (CGV) régissent les ventes de produits, les prestations de réparation et de service et les rachats d’appareils conclus avec ${seller}, en boutique à ${profile.address.city} ou à distance sur ce site.`,
      },
      {
        kind: 'dl',
        rows: [
          ['Vendeur', `${seller} (${profile.name})`],
          ['Forme juridique', profile.company.legalForm],
          ['Capital social', profile.company.shareCapital],
          ['Adresse', address],
          ['SIRET', profile.siret],
          ['RCS', `RCS ${profile.company.rcsCity}`],
          ['N° de TVA intracommunautaire', profile.company.vatNumber],
          ['Téléphone', [{ label: profile.phone.display, href: `tel:${profile.phone.e164}` }]],
          ['E-mail', [email]],
          ['Médiateur de la consommation', profile.mediator.name],
        ],
      },
      { kind: 'p', text: 'En bref :' },
      {
        kind: 'list',
        items: [
          'les prix sont en euros toutes taxes comprises ; toute réparation fait l’objet d’un devis accepté avant intervention ;',
          `la commande en ligne est ferme quand vous cliquez sur « ${ORDER_BUTTON_LABEL} » ;`,
          'vous disposez de 14 jours pour vous rétracter d’un achat à distance (formulaire type à l’article 6) ;',
          `les garanties légales s’appliquent toujours, en plus de notre garantie commerciale : ${REPAIR_WARRANTY_MONTHS} mois sur les réparations, ${PRODUCT_WARRANTY_MONTHS} mois sur les produits ;`,
          'en cas de litige, la médiation de la consommation est gratuite, et aucune clause ne vous impose un tribunal.',
        ],
      },
    ],
  };

  const articles: LegalSection[] = [
    {
      id: 'article-1',
      title: 'Article 1 – Objet et champ d’application',
      blocks: [
        {
          kind: 'p',
          text: 'Les CGV s’appliquent à toute vente de produits neufs, reconditionnés ou d’occasion (boutique en ligne et magasin), à toute prestation (diagnostic, réparation, récupération de données, installation, assistance à distance, création de site) et à tout rachat d’appareil, que le client soit un consommateur ou un professionnel.',
        },
        {
          kind: 'p',
          text: 'Elles sont mises à votre disposition avant toute commande et acceptées en cochant la case prévue lors de la commande en ligne, ou en acceptant un devis. Elles prévalent sur tout autre document, sauf conditions particulières convenues par écrit. La version applicable est celle en vigueur à la date de la commande ou de l’acceptation du devis. Les dispositions propres aux consommateurs ne s’appliquent pas aux professionnels, sauf mention contraire.',
        },
      ],
    },
    {
      id: 'article-2',
      title: 'Article 2 – Prix, devis et diagnostic',
      blocks: [
        { kind: 'p', text: `Les prix sont indiqués en euros toutes taxes comprises. ${vat} Les frais de livraison sont indiqués avant la validation de la commande et s’ajoutent au prix des produits.` },
        {
          kind: 'p',
          text: 'Les prix de réparation affichés sur le site (« à partir de… ») sont indicatifs : ils dépendent du modèle et de la panne. Toute réparation fait l’objet d’un devis écrit, gratuit, détaillant les pièces, la main-d’œuvre et le délai ; aucune intervention payante n’est réalisée sans votre accord sur ce devis. Si le démontage révèle une autre panne, un nouveau devis vous est soumis.',
        },
        {
          kind: 'p',
          text: 'Le diagnostic est gratuit et rendu en 24 à 48 heures. Un appareil que nous ne parvenons pas à réparer ne vous est pas facturé (« pas réparé, pas payé »), sauf prestation distincte acceptée par devis, comme une récupération de données confiée à un laboratoire spécialisé.',
        },
        {
          kind: 'p',
          text: 'Conformément à l’article L224-109 du Code de la consommation, nous vous proposons, lorsqu’elles existent pour votre appareil, des pièces issues de l’économie circulaire à la place de pièces neuves ; le devis précise l’origine et la qualité des pièces.',
        },
      ],
    },
    {
      id: 'article-3',
      title: 'Article 3 – Commande, réparation et rachat',
      blocks: [
        { kind: 'h3', text: 'Commande en ligne' },
        {
          kind: 'list',
          ordered: true,
          items: [
            'Vous ajoutez les produits au panier, puis choisissez le mode de livraison ou de retrait.',
            'Vous indiquez vos coordonnées et choisissez le moyen de paiement.',
            'Un récapitulatif vous permet de vérifier la commande (produits, quantités, prix, frais, total) et de corriger d’éventuelles erreurs.',
            `Vous acceptez les CGV, puis validez en cliquant sur le bouton « ${ORDER_BUTTON_LABEL} » : la commande vous engage alors à payer (article L221-14 du Code de la consommation).`,
          ],
        },
        {
          kind: 'p',
          text: 'Un e-mail de confirmation vous est envoyé aussitôt : il reprend la commande, ces CGV, le formulaire de rétractation et les garanties, et constitue la confirmation du contrat sur un support durable. Les offres valent dans la limite des stocks ; si un produit se révèle indisponible, nous vous en informons et vous remboursons sans délai les sommes versées pour ce produit. Nous pouvons refuser une commande anormale ou liée à un litige de paiement antérieur.',
        },
        { kind: 'h3', text: 'Réparation' },
        {
          kind: 'p',
          text: 'Les réparations se font sur rendez-vous, sauf certaines réparations Apple. Le contrat de réparation est formé par l’acceptation du devis. Une fiche de réparation numérotée vous est remise au dépôt ; elle permet de suivre l’avancement en ligne. Vous restez responsable de la sauvegarde de vos données avant le dépôt, et nous indiquez tout code ou accessoire nécessaire aux tests.',
        },
        { kind: 'h3', text: 'Rachat d’appareils' },
        {
          kind: 'p',
          text: 'Notre offre de rachat est établie après contrôle de l’appareil, de son numéro IMEI ou de série et de son état de fonctionnement. Vous devez en être propriétaire, présenter une pièce d’identité et avoir désactivé les comptes et verrous (localisation, compte du fabricant). Un appareil signalé perdu ou volé, ou bloqué par un opérateur, n’est pas racheté. Le paiement est immédiat en boutique ; pour un envoi par la poste, il intervient sous 2 jours ouvrés après réception et vérification de l’appareil.',
        },
      ],
    },
    {
      id: 'article-4',
      title: 'Article 4 – Paiement',
      blocks: [
        { kind: 'p', text: 'Selon ce qui vous est proposé lors de la commande, vous pouvez payer :' },
        {
          kind: 'list',
          items: [
            'par carte bancaire, paiement sécurisé par notre prestataire Stripe ;',
            'avec PayPal ;',
            'avec Klarna (paiement en plusieurs fois, différé ou financement), sous réserve d’acceptation par Klarna et selon ses conditions ;',
            'par virement bancaire : la commande est réservée pendant le délai indiqué lors de la commande et préparée à réception du virement ; sans virement dans ce délai, elle est annulée ;',
            'en boutique au retrait de la commande, par carte bancaire ou en espèces dans les limites légales.',
          ],
        },
        {
          kind: 'p',
          text: 'Les réparations se règlent à la restitution de l’appareil. Nous ne conservons jamais vos données de carte bancaire : elles sont traitées par le prestataire de paiement. Les produits restent notre propriété jusqu’au paiement complet du prix ; l’appareil réparé peut être retenu jusqu’au paiement de la réparation.',
        },
        {
          kind: 'p',
          text: 'Professionnels : les factures sont payables à réception. Tout retard entraîne des pénalités au taux de trois fois l’intérêt légal et une indemnité forfaitaire de 40\u00a0€ pour frais de recouvrement (articles L441-10 et D441-5 du Code de commerce).',
        },
      ],
    },
    {
      id: 'article-5',
      title: 'Article 5 – Livraison et retrait',
      blocks: [
        { kind: 'p', text: 'Les modes de livraison proposés sont :' },
        {
          kind: 'dl',
          // Prices and free-delivery thresholds are staff's to change (admin shipping methods): the
          // terms name the methods and send to the cart and checkout, which show the current ones.
          rows: SHIPPING_METHODS.map((method): [string, string] => [method.title, method.description]),
        },
        {
          kind: 'p',
          text: `Le prix de chaque mode de livraison et, le cas échéant, le montant d’achats à partir duquel elle est offerte (après réduction) sont ceux affichés dans le panier et à l’étape « Livraison », avant la validation de la commande ; ils sont rappelés dans l’e-mail de confirmation. Les commandes payées avant 14 h sont expédiées le jour même (jours ouvrés). Les délais annoncés sont ceux du transporteur ; à défaut d’indication, le produit est livré au plus tard 30 jours après la commande. En cas de retard, vous pouvez nous mettre en demeure de livrer dans un délai raisonnable, puis résoudre le contrat si la livraison n’intervient pas (article L216-6 du Code de la consommation).`,
        },
        {
          kind: 'p',
          text: 'Les risques vous sont transférés au moment où vous, ou la personne que vous avez désignée, prenez physiquement possession du produit. Vérifiez le colis à la réception et signalez-nous tout dommage ou manque dans les meilleurs délais pour faciliter le recours contre le transporteur.',
        },
        {
          kind: 'p',
          text: 'Retrait en boutique : gratuit, aux horaires d’ouverture, sur présentation du numéro de commande et d’une pièce d’identité, dans le délai indiqué lors de la commande. Un appareil confié en réparation et non retiré malgré nos relances peut, passé un an, être vendu dans les conditions de la loi du 31 décembre 1903 relative à la vente de certains objets abandonnés.',
        },
      ],
    },
    {
      id: 'article-6',
      title: 'Article 6 – Droit de rétractation',
      blocks: [
        {
          kind: 'p',
          text: 'Pour un contrat conclu à distance (sur le site, par téléphone ou par e-mail) ou hors établissement, le consommateur dispose de 14 jours pour se rétracter sans donner de motif (articles L221-18 et suivants du Code de la consommation). Le délai court à compter de la réception du bien (du dernier bien pour une commande livrée en plusieurs fois) ou, pour une prestation de service, de la conclusion du contrat. Un achat effectué en magasin n’ouvre pas de droit de rétractation.',
        },
        {
          kind: 'p',
          text: [
            'Pour l’exercer, notifiez-nous votre décision avant l’expiration du délai par une déclaration sans ambiguïté, par courrier à ',
            `${seller}, ${address}, ou par e-mail à `,
            email,
            ', par exemple au moyen du formulaire type ci-dessous (non obligatoire). Renvoyez ou rapportez ensuite le bien sans retard excessif, au plus tard 14 jours après votre décision ; les frais directs de retour sont à votre charge. Votre responsabilité n’est engagée qu’en cas de dépréciation du bien due à des manipulations autres que celles nécessaires pour établir sa nature, ses caractéristiques et son bon fonctionnement.',
          ],
        },
        {
          kind: 'p',
          text: 'Nous vous remboursons toutes les sommes versées, frais de livraison standard inclus, au plus tard 14 jours après avoir été informés de votre décision, avec le même moyen de paiement sauf accord contraire, sans frais. Nous pouvons différer le remboursement jusqu’à la récupération du bien ou la preuve de son expédition.',
        },
        {
          kind: 'p',
          text: 'Si vous avez demandé expressément que la prestation commence avant la fin du délai et vous rétractez ensuite, vous nous devez un montant proportionnel à ce qui a été fourni jusqu’à votre rétractation (article L221-25).',
        },
        { kind: 'h3', text: 'Exceptions (article L221-28 du Code de la consommation)' },
        { kind: 'p', text: 'Le droit de rétractation ne peut pas être exercé notamment pour :' },
        {
          kind: 'list',
          items: [
            'une prestation de service, par exemple une réparation, pleinement exécutée avant la fin du délai, lorsque son exécution a commencé après votre accord préalable exprès et votre renoncement exprès à votre droit de rétractation ;',
            'les biens confectionnés selon vos spécifications ou nettement personnalisés, comme les coques personnalisées ;',
            'les travaux d’entretien ou de réparation à réaliser en urgence à votre domicile et expressément sollicités par vous, dans la limite des pièces et travaux strictement nécessaires pour répondre à l’urgence ;',
            'les logiciels et enregistrements audio ou vidéo descellés après la livraison, et les contenus numériques fournis sans support matériel dont l’exécution a commencé avec votre accord et votre renoncement exprès.',
          ],
        },
        { kind: 'form', title: 'Modèle à copier, imprimer ou recopier dans un e-mail', lines: withdrawalFormLines(profile) },
      ],
    },
    {
      id: 'article-7',
      title: 'Article 7 – Garanties légales et garantie commerciale',
      blocks: [
        { kind: 'h3', text: 'Garanties légales' },
        {
          kind: 'p',
          text: 'Tout produit vendu bénéficie de plein droit de la garantie légale de conformité (articles L217-3 et suivants du Code de la consommation) et de la garantie des vices cachés (articles 1641 et suivants du Code civil). Pour la garantie des vices cachés, l’action doit être engagée dans les deux ans de la découverte du vice ; vous choisissez entre la résolution de la vente et une réduction du prix (article 1644 du Code civil). Les prestations de réparation sont en outre soumises aux règles du Code civil sur l’exécution du contrat.',
        },
        { kind: 'box', title: LEGAL_GUARANTEE_BOX_TITLE, paragraphs: legalGuaranteeBox() },
        { kind: 'h3', text: `Garantie commerciale des réparations : ${REPAIR_WARRANTY_MONTHS} mois` },
        {
          kind: 'p',
          text: `Chaque réparation est garantie ${REPAIR_WARRANTY_MONTHS} mois à compter de la restitution de l’appareil, gratuitement, en France : si la pièce remplacée ou notre intervention se révèle défectueuse dans des conditions normales d’utilisation, nous reprenons la réparation sans frais. Sont exclus la casse et les dommages accidentels survenus après la réparation, l’oxydation et les dommages liés à un liquide, ainsi que l’intervention d’un tiers sur l’appareil. Pour la mettre en œuvre, contactez la boutique avec votre numéro de fiche de réparation. L’installation de puce sur console Nintendo Switch n’est pas garantie et annule la garantie du fabricant, comme l’indique la page de ce service.`,
        },
        { kind: 'h3', text: `Garantie commerciale des produits : ${PRODUCT_WARRANTY_MONTHS} mois` },
        { kind: 'p', text: contract.object },
        { kind: 'p', text: contract.exclusions },
        { kind: 'dl', rows: contract.rows },
        {
          kind: 'p',
          text: 'Indépendamment de ces garanties commerciales, le vendeur reste tenu de la garantie légale de conformité prévue aux articles L217-3 et suivants du Code de la consommation et de la garantie des vices cachés prévue aux articles 1641 et suivants du Code civil. Les garanties commerciales s’ajoutent à ces garanties légales, rappelées dans l’encadré ci-dessus, sans les limiter ni les remplacer.',
        },
      ],
    },
    {
      id: 'article-8',
      title: 'Article 8 – Responsabilité et données personnelles',
      blocks: [
        {
          kind: 'p',
          text: 'Nous sommes responsables de la bonne exécution des obligations résultant du contrat conclu à distance (article L221-15 du Code de la consommation), sauf si l’inexécution est imputable à vous-même, à un tiers étranger au contrat ou à un cas de force majeure (article 1218 du Code civil).',
        },
        {
          kind: 'p',
          text: 'Une réparation peut exiger la réinitialisation de l’appareil : nous vous recommandons de sauvegarder vos données avant tout dépôt et vous prévenons avant toute opération qui les effacerait. Cette recommandation ne limite pas notre responsabilité en cas de faute de notre part. Entre professionnels, notre responsabilité est limitée aux dommages directs et prévisibles.',
        },
        {
          kind: 'p',
          text: [
            'Les données personnelles recueillies pour les commandes, réparations et rachats sont traitées conformément à notre ',
            { label: 'politique de confidentialité', to: '/politique-confidentialite' },
            ', qui précise leurs finalités, leurs durées de conservation et la manière d’exercer vos droits (accès, rectification, effacement, portabilité, opposition).',
          ],
        },
      ],
    },
    {
      id: 'article-9',
      title: 'Article 9 – Médiation, droit applicable et litiges',
      blocks: [
        {
          kind: 'p',
          text: [
            'En cas de difficulté, contactez-nous d’abord : ',
            { label: profile.phone.display, href: `tel:${profile.phone.e164}` },
            ', ',
            email,
            ` ou par courrier à ${address}. Nous cherchons toujours une solution amiable.`,
          ],
        },
        {
          kind: 'p',
          text: 'Si votre réclamation écrite n’aboutit pas, vous pouvez recourir gratuitement au médiateur de la consommation dont nous relevons (articles L611-1 et suivants du Code de la consommation), dans un délai d’un an à compter de cette réclamation :',
        },
        {
          kind: 'dl',
          rows: [
            ['Médiateur', profile.mediator.name],
            ['Site internet', [{ label: profile.mediator.website, href: profile.mediator.website }]],
            ['Adresse postale', profile.mediator.address],
          ],
        },
        {
          kind: 'p',
          text: 'Vous pouvez aussi signaler un problème à la DGCCRF sur le site signal.conso.gouv.fr.',
        },
        {
          kind: 'p',
          text: 'Les présentes CGV sont soumises au droit français, sans vous priver, si vous êtes un consommateur résidant dans un autre État de l’Union européenne, de la protection des dispositions impératives de votre pays. Consommateur, vous pouvez saisir à votre choix la juridiction du lieu où demeure le défendeur, celle du lieu de livraison du bien ou d’exécution de la prestation (articles 42 et 46 du Code de procédure civile) ou celle du lieu où vous demeuriez lors de la conclusion du contrat ou de la survenance du fait dommageable (article R631-3 du Code de la consommation) : aucune clause ne vous impose un autre tribunal.',
        },
        {
          kind: 'p',
          text: 'Entre professionnels seulement, tout litige relève, à défaut d’accord amiable, des tribunaux compétents de Paris.',
        },
      ],
    },
  ];
  return typeset({ overview, articles });
}
