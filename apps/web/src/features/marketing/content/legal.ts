import { CART_STORAGE_KEY } from '@erepare/shared/cart';
import { NOTIFICATION_PURGE_DAYS } from '@erepare/shared/notifications';
import { formatAddress, type StoreProfile } from '@erepare/shared/store-profile';
import { themeStorageKeys } from '@erepare/shared/theme';
import type { LegalSection } from '../components/legal/document-types';
import { typeset } from '../components/legal/typography';

/**
 * The legal notice (/mentions-legales) and, in the same page, the privacy policy
 * (/politique-confidentialite): the 11 sections of spec 3 §2. Company details come from the store
 * profile (placeholders "à compléter" until the owner fills them in). The personal-data section
 * is a complete RGPD notice (articles 13 and 14): controller, each processing with its purpose,
 * legal basis and retention, recipients, transfers, rights and how to use them.
 */

/** Id of the personal-data section: /politique-confidentialite scrolls to it. */
export const PRIVACY_SECTION_ID = 'donnees-personnelles';
export const COOKIES_SECTION_ID = 'liens-et-cookies';

export function legalSections(profile: StoreProfile): LegalSection[] {
  const email = { label: profile.email, href: `mailto:${profile.email}` };
  const address = formatAddress(profile);
  const publisher = profile.legalName || profile.name;

  const sections: LegalSection[] = [
    {
      id: 'presentation',
      title: 'Présentation du site',
      blocks: [
        {
          kind: 'p',
          text: `Le présent site est édité par ${publisher}, atelier de réparation de smartphones, tablettes, ordinateurs, consoles et montres connectées, qui vend également des produits neufs et reconditionnés et rachète des appareils d'occasion. Les présentes mentions sont établies conformément à l'article 6 de la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l'économie numérique (LCEN).`,
        },
        { kind: 'h3', text: 'Éditeur' },
        {
          kind: 'dl',
          rows: [
            ['Nom commercial', profile.name],
            ['Dénomination', publisher],
            ['Forme juridique', profile.company.legalForm],
            ['Capital social', profile.company.shareCapital],
            ['Adresse', address],
            ['SIRET', profile.siret],
            ['RCS', `RCS ${profile.company.rcsCity}`],
            ['N° de TVA intracommunautaire', profile.company.vatNumber],
            ['Téléphone', [{ label: profile.phone.display, href: `tel:${profile.phone.e164}` }]],
            ['E-mail', [email]],
            ['Directeur de la publication', profile.company.publicationDirector],
          ],
        },
        { kind: 'h3', text: 'Hébergeur' },
        {
          kind: 'dl',
          rows: [
            ['Nom', profile.host.name],
            ['Adresse', profile.host.address],
            ['Téléphone', profile.host.phone],
          ],
        },
      ],
    },
    {
      id: 'conditions-utilisation',
      title: 'Conditions d’utilisation',
      blocks: [
        {
          kind: 'p',
          text: 'L’utilisation du site vaut acceptation des présentes conditions. Le site est accessible gratuitement à toute personne disposant d’un accès à internet ; les frais d’accès et de connexion restent à la charge de l’utilisateur.',
        },
        { kind: 'p', text: 'En utilisant le site, vous vous engagez à :' },
        {
          kind: 'list',
          items: [
            'fournir des informations exactes dans les formulaires (contact, devis, compte, commande) et les tenir à jour ;',
            'garder confidentiel le mot de passe de votre compte et nous signaler sans délai toute utilisation que vous n’avez pas autorisée ;',
            'n’envoyer que des photos et des textes dont vous disposez des droits, sans contenu illicite, injurieux ou portant atteinte à la vie privée d’autrui ;',
            'ne pas tenter d’accéder aux données d’autres clients, de perturber le fonctionnement du site ni d’en extraire le contenu de manière automatisée et massive.',
          ],
        },
        {
          kind: 'p',
          text: [
            'Nous pouvons suspendre un compte utilisé en violation de ces règles, après vous en avoir informé sauf urgence liée à la sécurité. Ces conditions peuvent évoluer ; la version applicable est celle en ligne lors de votre visite. Les achats et les réparations sont en outre régis par nos ',
            { label: 'conditions générales de vente', to: '/cgv' },
            '.',
          ],
        },
      ],
    },
    {
      id: 'services',
      title: 'Services proposés',
      blocks: [
        { kind: 'p', text: 'Le site permet notamment :' },
        {
          kind: 'list',
          items: [
            'de s’informer sur nos réparations, nos services (récupération de données, vidéosurveillance, création de sites, amélioration matérielle, suppression de virus, assistance à distance, installation de puce Switch, coques personnalisées) et nos tarifs indicatifs ;',
            [ 'de demander un ', { label: 'devis en ligne', to: '/devis-en-ligne' }, ' ou de nous écrire par le ', { label: 'formulaire de contact', to: '/contact' }, ', photos à l’appui ;' ],
            [ 'de suivre l’avancement des réparations sur le ', { label: 'tableau de suivi public', to: '/suivi' }, ', où les clients apparaissent de façon anonyme (« Client n° ») ;' ],
            'de créer un compte client pour retrouver ses réparations, factures et commandes et recevoir des notifications ;',
            [ 'd’acheter des produits sur la ', { label: 'boutique', to: '/boutique' }, ' et de faire estimer un appareil en vue de son rachat.' ],
          ],
        },
        {
          kind: 'p',
          text: 'Les prix « à partir de » affichés sont indicatifs : seul le devis établi pour votre appareil vous engage, après votre accord. Le blog présente des articles d’exemple.',
        },
      ],
    },
    {
      id: 'limites-techniques',
      title: 'Limites techniques',
      blocks: [
        {
          kind: 'p',
          text: 'Le site est conçu pour les navigateurs récents, sur téléphone comme sur ordinateur. Son contenu reste lisible sans JavaScript, mais les fonctions interactives (devis, compte, panier, suivi) en ont besoin.',
        },
        {
          kind: 'list',
          items: [
            'Les photos jointes sont limitées à 5 images de 10 Mo chacune pour le formulaire de contact, et à 3 images de 2 Mo (JPEG, PNG ou WebP) pour le devis en ligne.',
            'Le tableau de suivi affiche les réparations des 14 derniers jours et se met à jour toutes les 5 minutes : un léger décalage avec l’atelier est possible.',
            'Les notifications sur l’appareil dépendent de la prise en charge par votre navigateur et votre système, et de l’autorisation que vous leur donnez.',
            'Le site dépend de services tiers (paiement, transport, logiciel de gestion de l’atelier) dont une indisponibilité peut suspendre certaines fonctions.',
          ],
        },
        {
          kind: 'p',
          text: 'Nous nous efforçons d’assurer l’accès au site en permanence, sans pouvoir le garantir : il peut être interrompu pour maintenance, mise à jour ou en cas de panne.',
        },
      ],
    },
    {
      id: 'propriete-intellectuelle',
      title: 'Propriété intellectuelle',
      blocks: [
        {
          kind: 'p',
          text: `Les textes, la mise en page, les illustrations, le logo et le code du site sont la propriété de ${publisher} ou de ses concédants et sont protégés par le Code de la propriété intellectuelle. Toute reproduction ou représentation, totale ou partielle, sans autorisation écrite préalable est interdite, en dehors de la copie privée et de la courte citation avec mention de la source.`,
        },
        {
          kind: 'p',
          text: 'Les marques citées (Apple, iPhone, Samsung, Xiaomi, Nintendo Switch, PlayStation, Xbox…) appartiennent à leurs titulaires ; elles ne sont mentionnées que pour désigner les appareils que nous réparons, sans lien ni partenariat avec ces fabricants sauf mention contraire. Les icônes proviennent de bibliothèques sous licence libre.',
        },
        {
          kind: 'p',
          text: 'Vous restez propriétaire des photos et textes que vous nous envoyez ; vous nous autorisez seulement à les utiliser pour traiter votre demande.',
        },
      ],
    },
    {
      id: 'responsabilite',
      title: 'Responsabilité',
      blocks: [
        {
          kind: 'p',
          text: 'Les informations du site sont fournies avec soin mais peuvent contenir des erreurs ou devenir inexactes (prix indicatifs, délais, disponibilité des pièces). Signalez-nous toute erreur : nous la corrigerons rapidement.',
        },
        {
          kind: 'p',
          text: 'Nous ne sommes pas responsables des dommages résultant d’une utilisation du site contraire aux présentes conditions, d’une interruption due à un tiers ou à un cas de force majeure, ni du contenu des sites vers lesquels pointent des liens externes. Les conseils donnés sur le site (par exemple en cas de téléphone tombé dans l’eau) ne remplacent pas le diagnostic de l’appareil.',
        },
        {
          kind: 'p',
          text: 'Rien dans ces mentions ne limite les droits que vous tenez de la loi, en particulier du Code de la consommation, ni notre responsabilité en cas de faute de notre part.',
        },
      ],
    },
    {
      id: PRIVACY_SECTION_ID,
      title: 'Données personnelles (politique de confidentialité)',
      blocks: [
        {
          kind: 'p',
          text: 'Cette politique explique quelles données personnelles nous traitons, pourquoi, sur quel fondement, combien de temps, avec qui nous les partageons et comment exercer vos droits, conformément au règlement (UE) 2016/679 (RGPD) et à la loi n° 78-17 du 6 janvier 1978 modifiée (loi Informatique et Libertés).',
        },
        { kind: 'h3', text: 'Responsable du traitement' },
        {
          kind: 'p',
          text: [
            `${publisher}, ${address}, représenté par ${profile.company.publicationDirector}. Pour toute question sur vos données : `,
            email,
            ` ou par courrier à l’adresse ci-dessus. Nous n’avons pas désigné de délégué à la protection des données, ce qui n’est pas obligatoire pour une entreprise de notre taille : le responsable du traitement vous répond directement.`,
          ],
        },
        { kind: 'h3', text: 'Ce que nous traitons, pourquoi et combien de temps' },
        {
          kind: 'processing',
          items: [
            {
              name: 'Compte client',
              data: 'Nom, prénom, e-mail, téléphone, mot de passe (conservé uniquement sous forme hachée, jamais en clair), préférences de notification.',
              purpose: 'Créer et gérer votre compte, vous donner accès à vos réparations, factures et commandes.',
              basis: 'Exécution du contrat (article 6.1.b du RGPD).',
              retention: 'Tant que le compte existe : vous pouvez le supprimer à tout moment depuis Mon compte, ou nous le demander par e-mail.',
            },
            {
              name: 'Commandes et factures',
              data: 'Identité, adresses de facturation et de livraison, produits, montants, moyen de paiement choisi, références de transaction (jamais le numéro complet de votre carte).',
              purpose: 'Traiter et livrer la commande, gérer les retours, les garanties et la comptabilité.',
              basis: 'Exécution du contrat (6.1.b) et obligations légales comptables et fiscales (6.1.c).',
              retention: 'Les factures et pièces comptables sont conservées 10 ans (article L123-22 du Code de commerce) ; les autres données de commande 5 ans après la commande, délai de prescription, en archive à accès restreint.',
            },
            {
              name: 'Fiches de réparation (tickets)',
              data: 'Coordonnées, appareil, numéro de série ou IMEI, panne décrite, devis, interventions, échanges avec l’atelier.',
              purpose: 'Réaliser la réparation, vous tenir informé, assurer la garantie ; afficher un suivi public anonymisé (sans nom ni coordonnées).',
              basis: 'Exécution du contrat (6.1.b).',
              retention: 'Durée de la réparation et de sa garantie, puis 5 ans en archive pour la preuve en cas de litige ; les factures 10 ans.',
            },
            {
              name: 'Messages de contact et demandes de devis',
              data: 'Nom, e-mail, téléphone facultatif, objet, message, appareil, photos jointes, créneau de dépôt souhaité.',
              purpose: 'Répondre à votre message, établir le devis demandé.',
              basis: 'Mesures précontractuelles prises à votre demande (6.1.b) et intérêt légitime à répondre aux demandes (6.1.f).',
              retention: '3 ans après notre dernier échange, photos comprises ; si la demande aboutit à une réparation ou une commande, les règles de ces traitements s’appliquent.',
            },
            {
              name: 'Notifications et abonnements push',
              data: 'Notifications liées à vos réparations et commandes, adresse technique d’abonnement fournie par votre navigateur.',
              purpose: 'Vous prévenir de l’avancement de vos réparations et commandes, dans le site et sur votre appareil.',
              basis: 'Votre consentement (6.1.a), donné en autorisant les notifications ; vous pouvez le retirer à tout moment dans le navigateur ou dans Mon compte.',
              retention: `L’historique des notifications est supprimé après ${NOTIFICATION_PURGE_DAYS} jours ; l’abonnement push jusqu’à votre désabonnement ou son expiration par le navigateur.`,
            },
            {
              name: 'Sécurité du site',
              data: 'Adresse IP, date et heure, pages appelées, tentatives de connexion, sessions ouvertes.',
              purpose: 'Protéger les comptes et le site (limitation des tentatives, détection des abus), maintenir votre connexion.',
              basis: 'Intérêt légitime à sécuriser le service (6.1.f).',
              retention: 'Sessions : jusqu’à la déconnexion ou l’expiration (24 heures d’inactivité, ou 30 jours avec « Se souvenir de moi ») ; compteurs anti-abus : 24 heures ; journaux techniques : 12 mois au plus.',
            },
            {
              name: 'E-mails',
              data: 'Adresse e-mail, contenu des messages envoyés (confirmation de commande, vérification d’adresse, réinitialisation du mot de passe, suivi de réparation).',
              purpose: 'Vous envoyer les messages nécessaires au compte, aux commandes et aux réparations.',
              basis: 'Exécution du contrat (6.1.b). Aucune lettre d’information ni offre commerciale ne vous est envoyée sans votre accord préalable (6.1.a), case décochée par défaut.',
              retention: 'Le journal d’envoi est conservé 1 an, pour traiter les éventuelles réclamations.',
            },
            {
              name: 'Rachat d’appareils',
              data: 'Identité du vendeur et justificatif, description et IMEI ou numéro de série de l’appareil, prix.',
              purpose: 'Vérifier que l’appareil n’est ni volé ni bloqué, payer le vendeur, tenir le registre des objets mobiliers.',
              basis: 'Obligation légale (6.1.c : articles 321-7 et R321-3 et suivants du Code pénal) et exécution du contrat (6.1.b).',
              retention: 'Durée fixée par la réglementation de ce registre ; données comptables 10 ans.',
            },
          ],
        },
        {
          kind: 'p',
          text: 'Nous ne prenons aucune décision automatisée produisant des effets juridiques à votre égard, ne faisons pas de profilage et ne vendons aucune donnée.',
        },
        { kind: 'h3', text: 'Destinataires et sous-traitants' },
        {
          kind: 'p',
          text: 'Vos données sont accessibles aux seules personnes de l’atelier qui en ont besoin. Nous faisons appel aux prestataires suivants, liés par un contrat de sous-traitance ou agissant sous leur propre responsabilité pour le paiement et le transport :',
        },
        {
          kind: 'list',
          items: [
            `l’hébergeur du site (${profile.host.name}) ;`,
            'notre prestataire d’envoi d’e-mails ;',
            'le logiciel de gestion de l’atelier, qui conserve les fiches clients, réparations et factures ;',
            'les prestataires de paiement Stripe (carte bancaire et Klarna) et PayPal, qui reçoivent les données nécessaires au paiement et à la lutte contre la fraude ;',
            'La Poste – Colissimo et Chronopost, pour la livraison et le choix d’un point relais (nom, adresse, téléphone, e-mail) ;',
            'les services de notification des navigateurs (par exemple ceux de Google, Mozilla ou Apple), qui acheminent les notifications push sous forme chiffrée.',
          ],
        },
        {
          kind: 'p',
          text: 'Nous pouvons aussi communiquer des données aux autorités qui en font la demande dans les conditions prévues par la loi.',
        },
        { kind: 'h3', text: 'Transferts hors de l’Union européenne' },
        {
          kind: 'p',
          text: 'Certains prestataires (paiement, notifications push, éventuellement le logiciel de gestion de l’atelier) peuvent traiter des données hors de l’Union européenne, notamment aux États-Unis. Ces transferts sont encadrés par les clauses contractuelles types adoptées par la Commission européenne et, le cas échéant, par la décision d’adéquation relative au cadre de protection des données UE–États-Unis. Vous pouvez en obtenir une copie en nous écrivant.',
        },
        { kind: 'h3', text: 'Sécurité' },
        {
          kind: 'p',
          text: 'Connexion chiffrée (HTTPS), mots de passe hachés, cookie de session inaccessible aux scripts, accès à l’administration réservé, suivi public sans donnée nominative : nous prenons les mesures raisonnables pour protéger vos données. En cas de violation présentant un risque pour vous, nous vous en informerions ainsi que la CNIL.',
        },
        { kind: 'h3', text: 'Vos droits', id: 'vos-droits' },
        { kind: 'p', text: 'Vous disposez, sur vos données, des droits suivants :' },
        {
          kind: 'list',
          items: [
            'droit d’accès : savoir quelles données nous détenons et en obtenir une copie (article 15 du RGPD) ;',
            'droit de rectification des données inexactes ou incomplètes (article 16) ;',
            'droit à l’effacement, sauf lorsque la loi nous oblige à conserver les données, par exemple les factures (article 17) ;',
            'droit à la limitation du traitement, par exemple le temps d’examiner une contestation (article 18) ;',
            'droit à la portabilité : recevoir les données que vous nous avez fournies dans un format structuré et lisible par machine (article 20) ;',
            'droit d’opposition aux traitements fondés sur notre intérêt légitime, pour des raisons tenant à votre situation particulière (article 21) ;',
            'droit de retirer votre consentement à tout moment, sans remettre en cause les traitements déjà effectués ;',
            'droit de définir des directives sur le sort de vos données après votre décès (article 85 de la loi Informatique et Libertés).',
          ],
        },
        { kind: 'h3', text: 'Comment exercer vos droits' },
        {
          kind: 'list',
          items: [
            [ 'Depuis votre ', { label: 'espace Mon compte', to: '/compte' }, ' : modifier vos informations, exporter vos données dans un fichier, gérer les notifications ou supprimer votre compte.' ],
            [ 'Par e-mail à ', email, ` ou par courrier à ${publisher}, ${address}.` ],
          ],
        },
        {
          kind: 'p',
          text: 'Nous répondons dans un délai d’un mois, prolongeable de deux mois pour les demandes complexes, auquel cas nous vous en informons. En cas de doute raisonnable sur votre identité, nous pouvons vous demander un justificatif.',
        },
        { kind: 'h3', text: 'Réclamation auprès de la CNIL' },
        {
          kind: 'p',
          text: [
            'Si vous estimez que vos droits ne sont pas respectés, vous pouvez introduire une réclamation auprès de la Commission nationale de l’informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou en ligne sur ',
            { label: 'cnil.fr', href: 'https://www.cnil.fr/fr/plaintes' },
            '.',
          ],
        },
        { kind: 'h3', text: 'Cookies' },
        {
          kind: 'p',
          text: [
            'Le site ne dépose aucun cookie publicitaire, de mesure d’audience ou de réseau social : il n’affiche donc pas de bandeau de consentement. Seuls les traceurs strictement nécessaires sont utilisés ; ils sont détaillés dans la section ',
            { label: 'Liens et cookies', to: `#${COOKIES_SECTION_ID}` },
            '.',
          ],
        },
      ],
    },
    {
      id: COOKIES_SECTION_ID,
      title: 'Liens et cookies',
      blocks: [
        { kind: 'h3', text: 'Liens' },
        {
          kind: 'p',
          text: 'Le site contient des liens vers d’autres sites (réseaux sociaux, plans, outil d’assistance à distance, portail client du logiciel de l’atelier) qui s’ouvrent dans un nouvel onglet. Nous ne contrôlons pas leur contenu ni leur usage des données : consultez leurs propres politiques. Vous pouvez créer un lien vers notre site, à condition de ne pas l’afficher à l’intérieur d’un autre site ni d’induire en erreur sur son origine.',
        },
        { kind: 'h3', text: 'Cookies et stockage dans le navigateur' },
        {
          kind: 'p',
          text: 'Conformément à l’article 82 de la loi Informatique et Libertés, les traceurs strictement nécessaires au service que vous demandez sont dispensés de consentement. Ce sont les seuls que nous utilisons :',
        },
        {
          kind: 'dl',
          rows: [
            ['Cookie de session « erepare_session »', 'Vous garder connecté à votre compte. Inaccessible aux scripts ; supprimé à la fermeture du navigateur, ou après 30 jours si vous avez coché « Se souvenir de moi ». Il n’est déposé que si vous vous connectez.'],
            [`Thème (${Object.values(themeStorageKeys).join(', ')})`, 'Mémoriser votre choix de thème clair ou sombre, par partie du site. Stockage local, jusqu’à ce que vous l’effaciez.'],
            [`Panier (${CART_STORAGE_KEY} et clés « erepare_… » associées)`, 'Conserver votre panier, le code promo saisi et le brouillon de commande entre deux visites. Stockage local.'],
            ['Session du compte (user, persistentSession, lastActivity)', 'Afficher votre nom et gérer l’expiration de la connexion. Effacé à la déconnexion.'],
            ['Préférences d’affichage (cache des réglages du site, suivi public, bannière d’installation)', 'Accélérer l’affichage et ne pas vous reproposer ce que vous avez fermé. Aucune donnée personnelle.'],
            ['Cache hors ligne (service worker)', 'Permettre l’ouverture du site sans réseau et les notifications si vous les avez autorisées.'],
          ],
        },
        {
          kind: 'p',
          text: 'Sur les seules pages de paiement, Stripe et PayPal peuvent déposer les traceurs nécessaires à la sécurité du paiement et à la prévention de la fraude. Vous pouvez effacer ces données à tout moment dans les réglages de votre navigateur ; le panier et la connexion seront alors perdus. Si un outil de mesure d’audience ou un contenu tiers soumis à consentement était un jour ajouté, il ne serait activé qu’après votre accord explicite, aussi simple à refuser qu’à accepter.',
        },
      ],
    },
    {
      id: 'droit-applicable',
      title: 'Droit applicable et juridiction',
      blocks: [
        {
          kind: 'p',
          text: 'Le site et les présentes mentions sont soumis au droit français. Si vous êtes un consommateur résidant dans un autre État de l’Union européenne, vous conservez la protection des dispositions impératives de la loi de votre pays.',
        },
        {
          kind: 'p',
          text: 'Consommateurs : aucune clause ne vous impose un tribunal. Vous pouvez saisir, à votre choix, la juridiction du lieu où demeure le défendeur, celle du lieu de livraison ou d’exécution de la prestation (articles 42 et 46 du Code de procédure civile) ou celle du lieu où vous demeuriez au moment de la conclusion du contrat ou de la survenance du fait dommageable (article R631-3 du Code de la consommation). Vous pouvez aussi recourir gratuitement à la médiation de la consommation (voir nos conditions générales de vente).',
        },
        {
          kind: 'p',
          text: 'Entre professionnels uniquement, tout litige relatif au site relève, à défaut d’accord amiable, de la compétence des tribunaux de Paris.',
        },
      ],
    },
    {
      id: 'principales-lois',
      title: 'Principales lois de référence',
      blocks: [
        {
          kind: 'list',
          items: [
            'Loi n° 2004-575 du 21 juin 2004 pour la confiance dans l’économie numérique (LCEN).',
            'Règlement (UE) 2016/679 du 27 avril 2016, dit règlement général sur la protection des données (RGPD).',
            'Loi n° 78-17 du 6 janvier 1978 relative à l’informatique, aux fichiers et aux libertés, notamment son article 82 sur les cookies.',
            'Code de la consommation, notamment ses articles L221-1 et suivants (contrats à distance), L217-1 et suivants (garantie légale de conformité) et L611-1 et suivants (médiation).',
            'Code civil, notamment ses articles 1641 et suivants (garantie des vices cachés).',
            'Code de la propriété intellectuelle.',
            'Loi n° 2020-105 du 10 février 2020 relative à la lutte contre le gaspillage et à l’économie circulaire (indice de réparabilité, pièces issues de l’économie circulaire, fonds réparation).',
          ],
        },
      ],
    },
    {
      id: 'glossaire',
      title: 'Glossaire',
      blocks: [
        {
          kind: 'dl',
          rows: [
            ['Utilisateur', 'Toute personne qui consulte ou utilise le site.'],
            ['Client', 'Utilisateur qui confie un appareil en réparation, passe commande ou nous vend un appareil.'],
            ['Consommateur', 'Personne physique qui agit à des fins qui n’entrent pas dans le cadre de son activité professionnelle.'],
            ['Donnée personnelle', 'Toute information se rapportant à une personne identifiée ou identifiable (nom, e-mail, adresse IP, IMEI d’un appareil…).'],
            ['Traitement', 'Toute opération sur des données personnelles : collecte, conservation, consultation, envoi, effacement…'],
            ['Responsable du traitement', 'Celui qui décide pourquoi et comment les données sont traitées : ici, l’éditeur du site.'],
            ['Sous-traitant', 'Prestataire qui traite des données pour le compte du responsable du traitement (hébergeur, envoi d’e-mails…).'],
            ['Cookie, traceur', 'Petit fichier ou donnée enregistré par le navigateur lors de la visite d’un site.'],
            ['Stockage local', 'Espace du navigateur où le site enregistre des réglages (thème, panier) sur votre appareil.'],
            ['Ticket', 'Fiche de réparation numérotée, qui permet de suivre l’avancement d’une réparation.'],
            ['Notification push', 'Message affiché par votre appareil, même site fermé, si vous l’avez autorisé.'],
            ['Hébergeur', 'Prestataire qui stocke le site et le rend accessible sur internet.'],
          ],
        },
      ],
    },
  ];
  return typeset(sections);
}
