import { typeset } from '../components/legal/typography';
import { PRODUCT_WARRANTY_MONTHS, REPAIRS_FROM_EUROS, REPAIR_WARRANTY_MONTHS } from '@erepare/shared/warranty';

/**
 * The 17 local landing pages (spec 3 §2, `landingPages` in packages/shared/src/routes.ts): for
 * each town, text written for that town — the road to the shop in Gujan-Mestras, what people
 * there usually bring, the services that matter to them, a short local FAQ and a call to action.
 * Distances and times are approximate road figures from the town centre, outside peak traffic
 * ("environ"); landmarks only help to find one's way. Shop facts (address, phone, hours) are not
 * written here: the page takes them from the store profile.
 */

export type TextBlock = { title: string; text: string };
export type TownService = { path: string; label: string; text: string };
export type TownFaq = { question: string; answer: string };

export type TownContent = {
  slug: string;
  /** The first paragraph under the h1. */
  lead: string;
  distance: string;
  driveTime: string;
  /** One sentence: which roads. */
  routeSummary: string;
  routeSteps: string[];
  /** Other ways to come or to send the device (train, boat, parcel). */
  alternatives: TextBlock[];
  /** Places used only to find one's way. */
  landmarks: string[];
  needs: TextBlock[];
  services: TownService[];
  faq: TownFaq[];
  cta: TextBlock;
  /** Slugs of the neighbouring towns' pages. */
  nearby: string[];
};

const towns: TownContent[] = [
  {
    slug: 'reparation-smartphone-arcachon',
    lead:
      'Téléphone tombé à l’eau à la plage Pereire, écran fissuré sur la jetée Thiers ou batterie à plat en pleine saison : notre atelier de Gujan-Mestras est à une quinzaine de minutes d’Arcachon et répare les smartphones de toutes marques, pour les Arcachonnais comme pour les vacanciers de passage.',
    distance: 'environ 12 km',
    driveTime: '15 à 20 minutes (davantage en juillet et en août)',
    routeSummary: 'Depuis Arcachon, on rejoint Gujan-Mestras par La Teste-de-Buch et la D650, la route qui longe le sud du Bassin.',
    routeSteps: [
      'Quittez le centre d’Arcachon en direction de La Teste-de-Buch.',
      'À La Teste, continuez vers l’est sur la D650, direction Gujan-Mestras et Bordeaux.',
      'Les jours d’affluence, l’A660 (la voie rapide du Bassin) évite les centres-villes : sortez à Gujan-Mestras.',
      'Suivez ensuite le centre de Gujan-Mestras : l’adresse exacte et le plan sont en bas de page.',
    ],
    alternatives: [
      {
        title: 'En train',
        text: 'Le TER de la ligne Arcachon – Bordeaux dessert La Teste, La Hume puis Gujan-Mestras : une dizaine de minutes depuis la gare d’Arcachon, sans voiture ni stationnement à chercher en été.',
      },
    ],
    landmarks: ['la gare d’Arcachon', 'la jetée Thiers', 'la Ville d’Hiver', 'la plage Pereire', 'Le Moulleau'],
    needs: [
      {
        title: 'Un téléphone tombé dans l’eau de mer',
        text: 'Le sel attaque les circuits en quelques heures. Éteignez le téléphone, ne le rechargez pas et oubliez le bol de riz, qui ne retire pas le sel : plus il arrive tôt à l’atelier, plus le nettoyage de la carte mère a de chances de le sauver.',
      },
      {
        title: 'Des vacanciers qui repartent bientôt',
        text: 'Vous êtes à Arcachon pour quelques jours ? Appelez-nous avec le modèle exact : nous vérifions que la pièce est en stock et vous proposons un créneau avant votre départ.',
      },
      {
        title: 'Du sable dans le port de charge',
        text: 'Une charge qui ne se fait plus qu’en tenant le câble de travers, un haut-parleur étouffé : le sable fin des plages se loge dans le connecteur et les grilles. Souvent, un nettoyage soigné suffit, sans changer de pièce.',
      },
    ],
    services: [
      {
        path: '/devis-en-ligne',
        label: 'Écran, batterie, connecteur de charge',
        text: `Les réparations courantes des smartphones, toutes marques, à partir de ${REPAIRS_FROM_EUROS}\u00a0€ selon la panne et le modèle.`,
      },
      {
        path: '/services/recuperation',
        label: 'Récupération des photos de vacances',
        text: 'Un téléphone qui ne s’allume plus après un bain de mer garde souvent ses données : nous tentons de les récupérer avant tout.',
      },
      {
        path: '/services/coques',
        label: 'Coques personnalisées',
        text: 'Une coque à votre image pour protéger le téléphone réparé, parfois prête en 24 h.',
      },
      {
        path: '/services/vente',
        label: 'Rachat de votre ancien téléphone',
        text: 'Le téléphone ne vaut plus la peine d’être réparé ? Nous pouvons le racheter et vous proposer un reconditionné.',
      },
    ],
    faq: [
      {
        question: 'Je suis en vacances à Arcachon : pouvez-vous réparer mon téléphone avant mon départ ?',
        answer:
          'Souvent, oui. Quand la pièce est en stock, une réparation courante (écran, batterie, connecteur) prend 45 minutes à 1 heure. Si elle doit être commandée, elle arrive par transporteur en 24 h. Appelez-nous dès le premier jour pour organiser le créneau.',
      },
      {
        question: 'Mon téléphone est tombé dans l’eau de mer, que faire en attendant ?',
        answer:
          'Éteignez-le, retirez la coque et le tiroir de la carte SIM, ne branchez surtout pas le chargeur et apportez-le rapidement. Nous ouvrons l’appareil, nettoyons la carte mère et évaluons l’oxydation. Les dommages d’oxydation ne sont pas couverts par la garantie, mais le diagnostic vous dit franchement si la réparation vaut le coup.',
      },
      {
        question: 'Mes photos sont-elles perdues si le téléphone ne redémarre pas ?',
        answer:
          'Pas forcément. La mémoire survit souvent à une panne de la carte mère ou de l’écran. Nous tentons d’abord de remettre le téléphone en marche le temps d’extraire les photos, puis nous vous conseillons sur la suite.',
      },
    ],
    cta: {
      title: 'Un souci de téléphone à Arcachon ?',
      text: 'Décrivez la panne dans le devis en ligne ou appelez-nous : nous vous disons si la pièce est disponible et quand passer à l’atelier.',
    },
    nearby: ['reparation-iphone-la-teste', 'reparation-la-hume', 'reparation-gujan-mestras', 'reparation-lege-cap-ferret'],
  },
  {
    slug: 'reparation-iphone-la-teste',
    lead:
      'Du centre de La Teste-de-Buch au Pyla, et même depuis Cazaux, l’atelier est tout proche. Écran d’iPhone brisé, batterie qui ne tient plus la journée, appareil photo flou ou vitre arrière éclatée : nous réparons les iPhone des générations encore en usage, avec un devis clair avant toute intervention.',
    distance: 'environ 7 km depuis le centre de La Teste',
    driveTime: 'une dizaine de minutes (20 à 25 minutes depuis Cazaux)',
    routeSummary: 'De La Teste-de-Buch, la D650 mène directement à Gujan-Mestras en traversant La Hume.',
    routeSteps: [
      'Depuis le centre de La Teste, prenez la D650 vers l’est, direction Gujan-Mestras.',
      'Vous traversez La Hume, premier quartier de Gujan-Mestras.',
      'Depuis le Pyla ou Cazaux, l’A660 est plus rapide : sortie Gujan-Mestras.',
      'L’adresse précise et le lien vers le plan figurent en bas de page.',
    ],
    alternatives: [
      {
        title: 'En train',
        text: 'Depuis la gare de La Teste, le TER en direction de Bordeaux s’arrête à La Hume puis à Gujan-Mestras en quelques minutes.',
      },
    ],
    landmarks: ['la gare de La Teste', 'le port de La Teste', 'la dune du Pilat', 'Pyla-sur-Mer', 'le lac de Cazaux'],
    needs: [
      {
        title: 'Un écran d’iPhone cassé',
        text: 'Selon le modèle, l’écran est OLED ou LCD. Nous vous présentons la pièce proposée et son prix avant d’intervenir. Après le remplacement, iOS peut signaler une pièce qui ne vient pas d’Apple : nous vous l’expliquons à l’avance, le téléphone fonctionne normalement.',
      },
      {
        title: 'Une batterie fatiguée',
        text: 'Dans Réglages, rubrique Batterie, l’état de la batterie indique sa capacité maximale. Sous 80 %, l’iPhone s’éteint plus tôt et ralentit : un remplacement lui redonne une vraie journée d’autonomie.',
      },
      {
        title: 'Caméra, vitre arrière, Face ID',
        text: 'Une photo floue vient souvent d’une lentille fendue, facile à changer. Face ID, lui, est appairé à la carte mère : le diagnostic, rendu en 24 à 48 h, dit clairement ce qui est réparable.',
      },
    ],
    services: [
      {
        path: '/devis-en-ligne',
        label: 'Devis de réparation d’iPhone',
        text: 'Indiquez le modèle et la panne : vous recevez un prix avant de vous déplacer.',
      },
      {
        path: '/services/vente',
        label: 'Rachat et iPhone reconditionnés',
        text: `Revendez votre ancien iPhone ou choisissez un reconditionné garanti ${PRODUCT_WARRANTY_MONTHS}\u00a0mois.`,
      },
      {
        path: '/services/recuperation',
        label: 'Récupération de données',
        text: 'Un iPhone qui ne démarre plus et pas de sauvegarde iCloud ? Nous tentons de sauver photos et contacts.',
      },
      {
        path: '/services/coques',
        label: 'Coque personnalisée pour iPhone',
        text: 'Votre photo ou votre logo sur une coque adaptée au modèle exact, à 19,90 €.',
      },
    ],
    faq: [
      {
        question: 'Réparez-vous les iPhone sans rendez-vous ?',
        answer:
          'Les réparations se font sur rendez-vous, à l’exception de certaines réparations Apple courantes. Appelez-nous avec le modèle exact de votre iPhone : nous vous disons si vous pouvez passer directement.',
      },
      {
        question: 'Vais-je perdre mes données en changeant l’écran ou la batterie ?',
        answer:
          'Non, ce type de réparation n’efface pas l’iPhone. Une sauvegarde iCloud ou sur ordinateur avant de venir reste une bonne précaution, surtout si le téléphone a aussi pris un choc.',
      },
      {
        question: 'Quelle garantie sur une réparation d’iPhone ?',
        answer:
          `La réparation est garantie ${REPAIR_WARRANTY_MONTHS}\u00a0mois, pièce et main-d’œuvre, hors casse et oxydation survenues après notre intervention.`,
      },
      {
        question: 'Rachetez-vous les iPhone d’occasion ?',
        answer:
          'Oui, après vérification de l’IMEI et du bon fonctionnement. Un iPhone déclaré perdu ou volé, placé sur liste noire, n’est pas racheté. En boutique, le paiement est immédiat.',
      },
    ],
    cta: {
      title: 'Votre iPhone a besoin d’une réparation ?',
      text: 'Demandez un devis en ligne avec le modèle exact (il figure dans Réglages, Général, Informations) ou appelez l’atelier.',
    },
    nearby: ['reparation-smartphone-arcachon', 'reparation-la-hume', 'reparation-gujan-mestras', 'reparation-smartphone-le-teich'],
  },
  {
    slug: 'reparation-smartphone-le-teich',
    lead:
      'Entre la réserve ornithologique et le port du Teich, vous êtes à moins de dix minutes de l’atelier. Le plus simple : déposer le smartphone en allant faire vos courses à Gujan-Mestras, et le récupérer réparé une fois la pièce arrivée.',
    distance: 'environ 6 km',
    driveTime: '8 à 10 minutes',
    routeSummary: 'Le Teich et Gujan-Mestras sont voisins : la D650 les relie en ligne droite.',
    routeSteps: [
      'Depuis le centre du Teich, prenez la D650 vers l’ouest, direction Arcachon.',
      'Gujan-Mestras est la commune suivante : restez sur la D650 jusqu’au centre.',
      'Par l’A660, la sortie Gujan-Mestras est à quelques minutes.',
    ],
    alternatives: [
      {
        title: 'En train ou à vélo',
        text: 'Un seul arrêt de TER sépare Le Teich de Gujan-Mestras. La piste cyclable qui longe le Bassin relie aussi les deux communes.',
      },
    ],
    landmarks: ['le parc ornithologique du Teich', 'le port du Teich', 'la gare du Teich', 'le delta de la Leyre'],
    needs: [
      {
        title: 'Des milliers de photos d’oiseaux',
        text: 'Passionné d’observation ou simple promeneur de la réserve, votre téléphone déborde de photos ? Nous transférons vos données vers un nouvel appareil ou un support de sauvegarde, sans rien perdre.',
      },
      {
        title: 'Une batterie qui lâche en promenade',
        text: 'Un téléphone qui passe de 30 % à zéro d’un coup a une batterie usée. Son remplacement est l’une de nos interventions les plus rapides.',
      },
      {
        title: 'Les appareils de toute la famille',
        text: 'Tablette à l’écran fêlé, manette de console qui dérive, téléphone d’ado : apportez-les ensemble, nous établissons un devis par appareil.',
      },
    ],
    services: [
      {
        path: '/devis-en-ligne',
        label: 'Réparation de smartphone',
        text: 'Écran, batterie, caméra, haut-parleur : décrivez la panne, vous avez un prix avant de venir.',
      },
      {
        path: '/services/recuperation',
        label: 'Sauvegarde et transfert de données',
        text: 'Photos, contacts et messages copiés vers un nouvel appareil, une carte mémoire ou un NAS.',
      },
      {
        path: '/services/vente',
        label: 'Rachat et reconditionné',
        text: 'Votre ancien téléphone peut financer une partie du suivant.',
      },
    ],
    faq: [
      {
        question: 'Pouvez-vous transférer mes photos vers mon nouveau téléphone ?',
        answer:
          'Oui, y compris entre un Android et un iPhone. Apportez les deux appareils chargés avec leurs codes de déverrouillage ; nous vérifions avec vous que tout est bien passé avant d’effacer quoi que ce soit.',
      },
      {
        question: 'Mon téléphone chauffe et se décharge vite : est-ce la batterie ?',
        answer:
          'C’est la cause la plus fréquente, mais une application qui tourne en arrière-plan peut donner les mêmes symptômes. Le diagnostic fait la différence, et nous ne changeons la batterie que si c’est elle.',
      },
      {
        question: 'Combien de temps faut-il pour un diagnostic ?',
        answer:
          'Comptez 24 à 48 heures pour un diagnostic complet. Pour une panne évidente comme un écran brisé, le devis est immédiat.',
      },
    ],
    cta: {
      title: 'Habitant du Teich, une panne à signaler ?',
      text: 'Réservez un créneau par téléphone ou demandez un devis en ligne : l’atelier est à deux pas.',
    },
    nearby: ['reparation-gujan-mestras', 'reparation-biganos', 'reparation-la-hume', 'reparation-mios'],
  },
  {
    slug: 'reparation-biganos',
    lead:
      'De Facture au port des Tuiles, Biganos est à un quart d’heure de l’atelier. Particuliers, artisans et commerçants nous confient leurs téléphones, leurs tablettes et surtout leurs ordinateurs portables, qu’il s’agisse d’un écran cassé ou d’une machine devenue trop lente pour travailler.',
    distance: 'environ 14 km',
    driveTime: 'une quinzaine de minutes',
    routeSummary: 'Par la D650 en traversant Le Teich, ou par l’A660 pour aller plus vite aux heures chargées.',
    routeSteps: [
      'Depuis le centre de Biganos, rejoignez la D650 en direction du Teich et d’Arcachon.',
      'Traversez Le Teich : Gujan-Mestras suit immédiatement.',
      'Variante : l’A660 en direction d’Arcachon, sortie Gujan-Mestras.',
    ],
    alternatives: [
      {
        title: 'En train',
        text: 'La gare de Biganos-Facture est sur la ligne Bordeaux – Arcachon : Gujan-Mestras est à deux arrêts, via Le Teich.',
      },
    ],
    landmarks: ['la gare de Biganos-Facture', 'le port des Tuiles', 'le delta de la Leyre', 'le quartier de Facture'],
    needs: [
      {
        title: 'Un ordinateur portable qui rame',
        text: 'Démarrage interminable, logiciels qui se figent : sur un portable de quelques années, un SSD et un peu de mémoire vive suffisent souvent à le remettre dans la course, pour bien moins cher qu’un neuf.',
      },
      {
        title: 'Le téléphone, outil de travail',
        text: 'Pour un artisan, un téléphone hors service, ce sont des clients injoignables. Dès que la pièce est en stock, la réparation prend 45 minutes à 1 heure : vous attendez sur place ou repassez dans la journée.',
      },
      {
        title: 'Publicités et fenêtres qui surgissent',
        text: 'Un navigateur qui ouvre des pages tout seul signale souvent un logiciel indésirable. Nous le nettoyons en conservant vos documents.',
      },
    ],
    services: [
      {
        path: '/services/maintenance',
        label: 'Amélioration d’ordinateur (SSD, mémoire)',
        text: 'Un diagnostic gratuit pour savoir si votre PC mérite une seconde vie.',
      },
      {
        path: '/services/virus',
        label: 'Suppression de virus et logiciels malveillants',
        text: 'Nettoyage complet, réinstallation si besoin, fichiers conservés.',
      },
      {
        path: '/devis-en-ligne',
        label: 'Réparation de téléphone et de tablette',
        text: 'Écran, batterie, connecteur : devis en ligne en quelques clics.',
      },
      {
        path: '/services/recuperation',
        label: 'Récupération de données',
        text: 'Disque dur qui claque, clé USB illisible : nous évaluons ce qui peut être sauvé.',
      },
    ],
    faq: [
      {
        question: 'Mon ordinateur portable ne démarre plus du tout : pouvez-vous le réparer ?',
        answer:
          'Nous commençons par chercher la cause : alimentation, batterie, carte mère ou disque. Le diagnostic prend 24 à 48 heures et vous recevez un devis avant toute réparation. Si la machine est perdue, nous tentons de récupérer vos fichiers.',
      },
      {
        question: 'Vaut-il mieux remplacer mon vieux PC ou le moderniser ?',
        answer:
          'Si le processeur suffit à vos usages, remplacer le disque par un SSD et ajouter de la mémoire coûte une fraction du prix d’un ordinateur neuf. Nous vous le disons honnêtement quand ce n’est plus rentable.',
      },
      {
        question: 'Venez-vous à domicile à Biganos ?',
        answer:
          'Les interventions à domicile ont lieu l’après-midi uniquement. Appelez-nous pour vérifier les disponibilités et savoir si votre panne se règle sur place.',
      },
    ],
    cta: {
      title: 'Une panne à Biganos ?',
      text: 'Décrivez-la dans le devis en ligne, ou appelez l’atelier pour convenir d’un dépôt.',
    },
    nearby: ['reparation-smartphone-le-teich', 'reparation-audenge', 'reparation-marcheprime', 'reparation-mios'],
  },
  {
    slug: 'reparation-audenge',
    lead:
      'D’Audenge, la route du tour du Bassin vous amène à l’atelier en une vingtaine de minutes par Biganos. Et pour un souci logiciel sur votre ordinateur, il n’est parfois même pas nécessaire de prendre la voiture : nous pouvons intervenir à distance.',
    distance: 'environ 20 km',
    driveTime: '20 à 25 minutes',
    routeSummary: 'Par la D3 jusqu’à Biganos, puis la D650 ou l’A660 vers Gujan-Mestras.',
    routeSteps: [
      'Depuis le centre d’Audenge, prenez la D3 vers le sud, direction Biganos.',
      'À Biganos, suivez Arcachon par la D650 (via Le Teich) ou par l’A660.',
      'Sortez ou arrêtez-vous à Gujan-Mestras : l’adresse est en bas de page.',
    ],
    alternatives: [
      {
        title: 'Sans se déplacer',
        text: 'Pour un problème de logiciel, de messagerie ou d’imprimante, l’assistance à distance se lance en quelques instants : vous gardez la main et suivez tout à l’écran.',
      },
    ],
    landmarks: ['le domaine de Certes et Graveyron', 'le port d’Audenge', 'le bassin de baignade', 'la D3, route du tour du Bassin'],
    needs: [
      {
        title: 'Une tablette à l’écran fêlé',
        text: 'iPad ou tablette Android, la vitre se fend souvent dans un coin avant de se craqueler entièrement. La changer tôt évite que la dalle d’affichage ne soit touchée à son tour.',
      },
      {
        title: 'Un ordinateur familial envahi',
        text: 'Barres d’outils inconnues, page d’accueil modifiée, ventilateur qui tourne sans arrêt : c’est le signe d’un ordinateur à nettoyer, et parfois d’un virus.',
      },
      {
        title: 'Un petit souci qui ne justifie pas le trajet',
        text: 'Un logiciel qui refuse de s’installer ou une boîte mail qui ne reçoit plus rien se règlent souvent à distance, sans vous déplacer.',
      },
    ],
    services: [
      {
        path: '/services/assistance',
        label: 'Assistance à distance',
        text: 'Windows, macOS, Android ou iOS : un technicien prend la main sur votre écran, avec votre accord.',
      },
      {
        path: '/devis-en-ligne',
        label: 'Réparation de tablette',
        text: 'Vitre, écran, connecteur de charge, batterie : devis en ligne avant de venir.',
      },
      {
        path: '/services/virus',
        label: 'Nettoyage et suppression de virus',
        text: 'Ordinateur remis au propre, vos documents conservés.',
      },
    ],
    faq: [
      {
        question: 'Peut-on régler un problème d’ordinateur sans venir à Gujan-Mestras ?',
        answer:
          'Oui, pour tout ce qui est logiciel : vous téléchargez l’outil d’assistance, vous nous donnez par téléphone l’identifiant affiché et le technicien intervient sur votre écran. Pour une panne matérielle, il faudra apporter l’appareil.',
      },
      {
        question: 'Réparez-vous les iPad et les tablettes Samsung ?',
        answer:
          'Oui, ainsi que la plupart des tablettes Android courantes. Le modèle exact figure dans les réglages ou au dos de l’appareil : indiquez-le dans la demande de devis pour un prix précis.',
      },
      {
        question: 'Le diagnostic est-il payant ?',
        answer:
          'Non, le diagnostic est gratuit et vous recevez le devis avant toute intervention. Vous restez libre de ne pas faire réparer.',
      },
    ],
    cta: {
      title: 'Audenge : réparation ou dépannage à distance',
      text: 'Dites-nous ce qui ne va pas : nous vous indiquons si cela se règle à distance ou à l’atelier.',
    },
    nearby: ['reparation-biganos', 'reparation-lanton', 'reparation-andernos-les-bains', 'reparation-marcheprime'],
  },
  {
    slug: 'reparation-andernos-les-bains',
    lead:
      'Au nord-est du Bassin, Andernos-les-Bains est à environ 35 minutes de l’atelier par la D3. Pour ne faire qu’un aller-retour, commencez par une demande de devis en ligne : vous venez quand la pièce est arrivée, et vous suivez ensuite la réparation depuis chez vous.',
    distance: 'environ 33 km',
    driveTime: '35 minutes environ',
    routeSummary: 'La D3 longe le Bassin d’Andernos à Biganos en passant par Lanton et Audenge ; Gujan-Mestras est ensuite à un quart d’heure.',
    routeSteps: [
      'Depuis le centre d’Andernos-les-Bains, prenez la D3 vers le sud, direction Lanton puis Audenge.',
      'À Biganos, continuez vers Arcachon par la D650 ou par l’A660.',
      'Arrêtez-vous à Gujan-Mestras : le plan est accessible en bas de page.',
    ],
    alternatives: [
      {
        title: 'Suivre la réparation à distance',
        text: 'Une fois l’appareil déposé, la page Suivi des réparations affiche son avancement avec votre numéro de ticket : inutile d’appeler pour savoir où il en est.',
      },
    ],
    landmarks: ['la jetée d’Andernos', 'le port ostréicole', 'la plage du Bétey', 'la D3 vers Lanton'],
    needs: [
      {
        title: 'Un seul aller-retour',
        text: 'Diagnostic, commande de pièce et réparation regroupés : nous vous appelons quand tout est prêt, pour que vous ne fassiez pas la route pour rien.',
      },
      {
        title: 'Un téléphone qui ne charge plus',
        text: 'C’est souvent le connecteur, encrassé ou usé. Le nettoyer ou le changer est rapide, et bien moins cher qu’un nouveau téléphone.',
      },
      {
        title: 'Surveiller sa maison',
        text: 'Maison principale ou logement loué l’été, des caméras consultables depuis le téléphone permettent de garder un œil sur les lieux quand on n’y est pas.',
      },
    ],
    services: [
      {
        path: '/services/surveillance',
        label: 'Caméras de surveillance',
        text: 'Étude des besoins, installation, configuration sur votre téléphone, tests avec vous.',
      },
      {
        path: '/devis-en-ligne',
        label: 'Réparation de téléphone et de tablette',
        text: 'Le devis en ligne évite un déplacement inutile.',
      },
      {
        path: '/suivi',
        label: 'Suivi des réparations',
        text: 'L’état de votre réparation consultable en ligne, à tout moment.',
      },
    ],
    faq: [
      {
        question: 'Dois-je venir une fois pour le diagnostic et une autre pour la réparation ?',
        answer:
          'Pas si la panne est claire : avec le devis en ligne, nous commandons la pièce (livrée en 24 h par transporteur) et vous donnons rendez-vous quand elle est là. Pour une panne à diagnostiquer, vous déposez l’appareil et nous vous rappelons avec le devis.',
      },
      {
        question: 'Comment savoir où en est ma réparation sans appeler ?',
        answer:
          'Avec votre numéro de ticket, la page Suivi des réparations affiche l’état de l’appareil : en attente d’inspection, en cours de réparation, prêt à récupérer…',
      },
      {
        question: 'Installez-vous des caméras de surveillance à Andernos-les-Bains ?',
        answer:
          'Oui, caméras intérieures, extérieures ou sans fil. Nous étudions d’abord votre logement, puis installons, configurons et testons avec vous l’accès depuis votre téléphone. Le devis est établi après l’étude des besoins.',
      },
    ],
    cta: {
      title: 'Andernos-les-Bains : commencez par le devis',
      text: 'Un devis en ligne ou un appel, et vous ne faites la route qu’une fois.',
    },
    nearby: ['reparation-lanton', 'reparation-ares', 'reparation-audenge', 'reparation-lege-cap-ferret'],
  },
  {
    slug: 'reparation-la-hume',
    lead:
      'La Hume fait partie de Gujan-Mestras : que vous habitiez près du port, de la gare ou des parcs de loisirs, l’atelier est à cinq minutes en voiture et à un petit quart d’heure à vélo. Téléphones, consoles, montres connectées et ordinateurs : déposez-les en passant.',
    distance: 'environ 3 km',
    driveTime: '5 minutes en voiture, un quart d’heure à vélo environ',
    routeSummary: 'De La Hume, la D650 conduit vers l’est jusqu’au centre de Gujan-Mestras.',
    routeSteps: [
      'Depuis La Hume, suivez la D650 vers l’est, direction Le Teich et Bordeaux.',
      'Restez sur l’axe principal jusqu’au centre de Gujan-Mestras.',
      'À vélo, la piste cyclable du bord du Bassin évite la circulation.',
    ],
    alternatives: [
      {
        title: 'En train',
        text: 'La gare de La Hume est à un arrêt de celle de Gujan-Mestras sur la ligne Arcachon – Bordeaux.',
      },
    ],
    landmarks: ['le port de La Hume', 'la gare de La Hume', 'les parcs de loisirs de La Hume', 'la piste cyclable du Bassin'],
    needs: [
      {
        title: 'Des consoles très sollicitées',
        text: 'Manettes qui dérivent, port de charge arraché, console qui chauffe : après des heures de jeu, les consoles des enfants ont besoin d’un coup de main.',
      },
      {
        title: 'Une montre connectée à réparer',
        text: 'Vitre rayée ou brisée, batterie qui ne tient plus : nous examinons aussi les montres connectées et vous disons si la réparation est possible.',
      },
      {
        title: 'L’atelier du quartier',
        text: 'Une question sur un appareil, un conseil avant un achat : à cinq minutes, passer à l’atelier est plus simple qu’un long appel.',
      },
    ],
    services: [
      {
        path: '/devis-en-ligne',
        label: 'Réparation de consoles et de manettes',
        text: 'Joy-Con qui dérivent, port HDMI ou de charge, surchauffe : devis sur demande.',
      },
      {
        path: '/services/coques',
        label: 'Coques personnalisées',
        text: 'Une photo de famille ou un dessin sur la coque du téléphone.',
      },
      {
        path: '/services/vente',
        label: 'Rachat et vente d’appareils',
        text: 'Revendez une console ou un téléphone dont vous ne vous servez plus.',
      },
    ],
    faq: [
      {
        question: 'La Hume est à Gujan-Mestras : pouvez-vous venir chez moi ?',
        answer:
          'Oui, les interventions à domicile sont possibles l’après-midi uniquement. Elles conviennent surtout aux ordinateurs et aux installations ; pour un téléphone, le dépôt à l’atelier reste le plus rapide.',
      },
      {
        question: 'Réparez-vous les manettes Joy-Con qui dérivent ?',
        answer:
          'Oui. La dérive vient le plus souvent du joystick usé : nous le remplaçons et testons la manette avec vous.',
      },
      {
        question: 'Réparez-vous les montres connectées ?',
        answer:
          'Nous examinons les montres connectées et réparons ce qui peut l’être (vitre, batterie selon le modèle). Certaines montres très intégrées ne se démontent pas sans dommage : nous vous le disons avant d’ouvrir.',
      },
    ],
    cta: {
      title: 'Voisin de La Hume ?',
      text: 'Passez à l’atelier après avoir appelé, ou décrivez la panne dans le devis en ligne.',
    },
    nearby: ['reparation-gujan-mestras', 'reparation-iphone-la-teste', 'reparation-smartphone-arcachon', 'reparation-smartphone-le-teich'],
  },
  {
    slug: 'reparation-lege-cap-ferret',
    lead:
      'Sur la presqu’île de Lège-Cap-Ferret, le sable et l’air salé usent les appareils plus vite qu’ailleurs, et une maison fermée tout l’hiver réserve parfois des surprises au retour. Notre atelier est de l’autre côté du Bassin : par la route qui en fait le tour, ou en bateau jusqu’à Arcachon.',
    distance: 'environ 45 km depuis Lège, 65 km depuis la pointe du Cap-Ferret',
    driveTime: '45 minutes depuis Lège, 1 h 10 environ depuis le Cap-Ferret (bien davantage l’été)',
    routeSummary: 'Par la route : la D106 jusqu’à Arès, puis la D3 qui longe le Bassin par Andernos, Lanton, Audenge et Biganos.',
    routeSteps: [
      'Depuis la presqu’île, remontez la D106 par Lège jusqu’à Arès.',
      'À Arès, prenez la D3 vers le sud par Andernos-les-Bains, Lanton et Audenge.',
      'À Biganos, suivez Arcachon par la D650 ou l’A660 jusqu’à Gujan-Mestras.',
    ],
    alternatives: [
      {
        title: 'Par le Bassin',
        text: 'Des navettes maritimes relient la jetée Bélisaire, au Cap-Ferret, à Arcachon (horaires selon la saison). D’Arcachon, le TER rejoint Gujan-Mestras en une dizaine de minutes.',
      },
      {
        title: 'Par colis',
        text: 'Vous préférez ne pas vous déplacer ? Demandez d’abord un devis : nous convenons ensemble de l’envoi de l’appareil en colis suivi et des conditions de retour.',
      },
    ],
    landmarks: ['le phare du Cap-Ferret', 'la jetée Bélisaire', 'Claouey', 'les villages ostréicoles de la presqu’île', 'le bourg de Lège'],
    needs: [
      {
        title: 'Sable et sel',
        text: 'Le sable fin bloque les connecteurs et les boutons, l’air salé oxyde les contacts. Un nettoyage préventif prolonge la vie d’un téléphone qui passe l’été à la plage.',
      },
      {
        title: 'Retour dans une maison fermée',
        text: 'Une tablette ou un ordinateur restés des mois batterie à zéro peuvent refuser de se recharger. Si la batterie a gonflé (coque qui bombe, écran qui se soulève), ne la rechargez pas et apportez l’appareil.',
      },
      {
        title: 'Garder un œil sur la maison',
        text: 'Pour une résidence secondaire, des caméras consultables à distance rassurent pendant les mois d’absence.',
      },
    ],
    services: [
      {
        path: '/services/surveillance',
        label: 'Vidéosurveillance de résidence secondaire',
        text: 'Caméras intérieures ou extérieures, consultables depuis votre téléphone.',
      },
      {
        path: '/devis-en-ligne',
        label: 'Réparation de téléphone et de tablette',
        text: 'Connecteur ensablé, batterie gonflée, écran : devis avant tout déplacement.',
      },
      {
        path: '/services/assistance',
        label: 'Assistance à distance',
        text: 'Un ordinateur qui fait des siennes se dépanne souvent sans quitter la presqu’île.',
      },
    ],
    faq: [
      {
        question: 'Faut-il vraiment faire le tour du Bassin pour une réparation ?',
        answer:
          'Pas toujours. Commencez par un devis en ligne : si la pièce doit être commandée, vous ne venez qu’une fois. Vous pouvez aussi venir par la navette maritime jusqu’à Arcachon, ou nous envoyer l’appareil en colis suivi après en avoir convenu avec nous.',
      },
      {
        question: 'Ma tablette a passé l’hiver dans la maison et ne s’allume plus : est-elle perdue ?',
        answer:
          'Rarement. Une batterie profondément déchargée doit souvent être remplacée, mais le reste de l’appareil fonctionne. Si la coque est déformée, la batterie a gonflé : ne la branchez pas, c’est dangereux.',
      },
      {
        question: 'Pouvez-vous installer des caméras dans une maison occupée seulement l’été ?',
        answer:
          'Oui. Nous étudions l’emplacement, installons les caméras, les configurons sur votre téléphone et vérifions avec vous qu’elles fonctionnent hors de la maison. Le devis suit l’étude des besoins.',
      },
    ],
    cta: {
      title: 'À Lège-Cap-Ferret, un appareil en panne ?',
      text: 'Écrivez-nous ou demandez un devis : nous vous proposons la solution la plus simple, à l’atelier, à distance ou par colis.',
    },
    nearby: ['reparation-ares', 'reparation-andernos-les-bains', 'reparation-smartphone-arcachon'],
  },
  {
    slug: 'reparation-ares',
    lead:
      'Entre les prés salés et la forêt, Arès est à une quarantaine de minutes de l’atelier par la D3. Avant de faire la route, une question revient souvent : faut-il réparer cet appareil ou en changer ? Nous vous donnons une réponse franche, chiffres à l’appui.',
    distance: 'environ 38 km',
    driveTime: '40 minutes environ',
    routeSummary: 'La D3 relie Arès à Biganos en suivant le Bassin, puis la D650 ou l’A660 mène à Gujan-Mestras.',
    routeSteps: [
      'Depuis le centre d’Arès, prenez la D3 vers le sud, direction Andernos-les-Bains.',
      'Continuez sur la D3 par Andernos, Lanton et Audenge jusqu’à Biganos.',
      'Suivez Arcachon par la D650 ou l’A660, arrêt à Gujan-Mestras.',
    ],
    alternatives: [
      {
        title: 'Un diagnostic à distance d’abord',
        text: 'Pour un ordinateur, une première prise en main à distance suffit souvent à dire si la panne est logicielle ou matérielle, avant de vous déplacer.',
      },
    ],
    landmarks: ['la réserve naturelle des prés salés d’Arès et de Lège', 'le port ostréicole d’Arès', 'la jetée d’Arès', 'la D3 vers Andernos'],
    needs: [
      {
        title: 'Réparer ou racheter ?',
        text: `Quand la réparation approche le prix d’un appareil équivalent, nous vous le disons. Un reconditionné garanti ${PRODUCT_WARRANTY_MONTHS}\u00a0mois, jusqu’à 50 % moins cher qu’un neuf, est alors souvent la meilleure option.`,
      },
      {
        title: 'Un ordinateur infecté',
        text: 'Messages de rançon, antivirus factices, navigateur détourné : nous supprimons les logiciels malveillants et, si une réinstallation s’impose, vos données sont conservées.',
      },
      {
        title: 'Des souvenirs à mettre à l’abri',
        text: 'Photos de famille sur un vieux disque dur ou une carte mémoire : mieux vaut les copier avant qu’une panne ne les rende illisibles.',
      },
    ],
    services: [
      {
        path: '/services/vente',
        label: 'Rachat et appareils reconditionnés',
        text: `Estimation de votre appareil et reconditionnés garantis ${PRODUCT_WARRANTY_MONTHS}\u00a0mois.`,
      },
      {
        path: '/services/virus',
        label: 'Suppression de virus',
        text: 'Nettoyage, réinstallation avec conservation des données, conseils de prévention.',
      },
      {
        path: '/services/recuperation',
        label: 'Récupération et sauvegarde de données',
        text: 'Disques durs, cartes mémoire, clés USB, téléphones.',
      },
    ],
    faq: [
      {
        question: 'Vaut-il mieux réparer mon téléphone ou en racheter un ?',
        answer:
          'Cela dépend de son âge et de la panne. Un écran ou une batterie sur un téléphone récent se répare sans hésiter. Sur un modèle ancien, nous comparons avec un reconditionné et pouvons racheter l’ancien appareil pour alléger la facture.',
      },
      {
        question: 'Mon ordinateur a un virus : vais-je perdre mes fichiers ?',
        answer:
          'Non, sauf cas exceptionnel que nous vous signalerions avant d’agir. Nous sauvegardons vos documents, supprimons l’infection et, si le système doit être réinstallé, remettons vos fichiers en place.',
      },
      {
        question: 'Combien de temps mon appareil restera-t-il à l’atelier ?',
        answer:
          'Le diagnostic prend 24 à 48 heures. Une fois la pièce en stock, la réparation dure 45 minutes à 1 heure ; une pièce à commander arrive en 24 h par transporteur.',
      },
    ],
    cta: {
      title: 'Arès : un avis franc avant de faire la route',
      text: 'Décrivez l’appareil et la panne : nous vous disons si la réparation vaut le coup.',
    },
    nearby: ['reparation-andernos-les-bains', 'reparation-lege-cap-ferret', 'reparation-lanton'],
  },
  {
    slug: 'reparation-mios',
    lead:
      'Mios grandit vite, du bourg au bord de la Leyre jusqu’à Lacanau-de-Mios, et beaucoup de jeunes familles s’y installent. Consoles, tablettes, ordinateurs de télétravail, caméras pour la maison neuve : l’atelier est à une vingtaine de minutes, par l’A660 ou par Biganos.',
    distance: 'environ 20 km',
    driveTime: '20 minutes environ',
    routeSummary: 'Par Biganos puis la D650, ou par l’A660 en direction d’Arcachon.',
    routeSteps: [
      'Depuis le bourg de Mios, rejoignez Biganos.',
      'À Biganos, prenez l’A660 en direction d’Arcachon, ou la D650 par Le Teich.',
      'Sortez à Gujan-Mestras : l’adresse figure en bas de page.',
    ],
    alternatives: [
      {
        title: 'Sur le trajet du quotidien',
        text: 'Vous travaillez sur le Bassin ? Déposez l’appareil le matin à l’atelier et reprenez-le au retour quand la réparation est faite.',
      },
    ],
    landmarks: ['la Leyre', 'le bourg de Mios', 'Lacanau-de-Mios', 'la route de Biganos'],
    needs: [
      {
        title: 'Les consoles de la maison',
        text: 'Switch, PlayStation ou Xbox : port HDMI abîmé, ventilation encrassée, manettes fatiguées. Nous réparons les pannes courantes des consoles de salon et portables.',
      },
      {
        title: 'Télétravail sans accroc',
        text: 'Un ordinateur lent ou qui se coupe pendant une visio, c’est une journée perdue. Nettoyage, SSD, mémoire : nous remettons le poste d’aplomb.',
      },
      {
        title: 'Une maison neuve à équiper',
        text: 'Caméras extérieures, réseau à étendre jusqu’au garage ou au jardin : autant le prévoir dès l’emménagement.',
      },
    ],
    services: [
      {
        path: '/devis-en-ligne',
        label: 'Réparation de consoles',
        text: 'Ports, ventilation, manettes : devis en ligne avant de venir.',
      },
      {
        path: '/services/maintenance',
        label: 'Amélioration de l’ordinateur de télétravail',
        text: 'SSD, mémoire vive, carte graphique : diagnostic gratuit.',
      },
      {
        path: '/services/surveillance',
        label: 'Caméras et réseau domestique',
        text: 'Installation, configuration et tests, avec assistance à distance ensuite.',
      },
    ],
    faq: [
      {
        question: 'Réparez-vous les Nintendo Switch, PlayStation et Xbox ?',
        answer:
          'Oui, pour les pannes courantes : port de charge ou HDMI, surchauffe, lecteur, manettes. Nous proposons aussi l’installation d’une puce sur certaines Switch ; ce service est décrit sur sa page, il n’est pas garanti et annule la garantie du fabricant.',
      },
      {
        question: 'Quand puis-je déposer mon appareil ?',
        answer:
          'Aux horaires d’ouverture indiqués en bas de cette page, de préférence sur rendez-vous : un appel suffit pour réserver un créneau.',
      },
      {
        question: 'Installez-vous des caméras dans une maison neuve ?',
        answer:
          'Oui. Nous évaluons les besoins (entrées, jardin, garage), posons et configurons les caméras, puis vérifions avec vous l’accès depuis votre téléphone.',
      },
    ],
    cta: {
      title: 'Familles de Mios, un appareil à réparer ?',
      text: 'Console, ordinateur ou téléphone : demandez un devis en ligne ou appelez l’atelier.',
    },
    nearby: ['reparation-biganos', 'reparation-marcheprime', 'reparation-belin-beliet', 'reparation-smartphone-le-teich'],
  },
  {
    slug: 'reparation-belin-beliet',
    lead:
      'Au cœur du Parc naturel régional des Landes de Gascogne, Belin-Béliet est à environ 40 minutes de l’atelier. C’est un vrai trajet : nous faisons tout pour que vous ne le fassiez qu’une fois, et pour régler à distance ce qui peut l’être.',
    distance: 'environ 40 km',
    driveTime: '35 à 40 minutes',
    routeSummary: 'Par l’A63 vers Bordeaux puis l’A660 vers Arcachon, ou par les routes départementales via Salles et Mios.',
    routeSteps: [
      'Depuis Belin-Béliet, prenez l’A63 en direction de Bordeaux.',
      'Quittez-la pour l’A660 en direction d’Arcachon.',
      'Sortez à Gujan-Mestras. Par les petites routes, comptez un peu plus en passant par Salles et Mios.',
    ],
    alternatives: [
      {
        title: 'Dépannage à distance',
        text: 'Pour un ordinateur sous Windows ou macOS, l’assistance à distance règle la plupart des problèmes logiciels sans déplacement.',
      },
    ],
    landmarks: ['la Leyre', 'le bourg de Belin', 'le bourg de Béliet', 'le Parc naturel régional des Landes de Gascogne'],
    needs: [
      {
        title: 'Un seul déplacement',
        text: 'Indiquez le modèle et la panne dans le devis en ligne : la pièce est commandée avant votre venue et la réparation faite pendant que vous patientez ou faites une course.',
      },
      {
        title: 'L’ordinateur dépanné depuis chez vous',
        text: 'Imprimante qui ne répond plus, mise à jour bloquée, messagerie en panne : un technicien prend la main sur votre écran, avec votre accord.',
      },
      {
        title: 'Vendre l’ancien en même temps',
        text: 'Profitez du trajet pour revendre un téléphone ou une tablette inutilisés : en boutique, le paiement est immédiat.',
      },
    ],
    services: [
      {
        path: '/services/assistance',
        label: 'Assistance informatique à distance',
        text: 'Connexion rapide, sécurisée, sous votre contrôle.',
      },
      {
        path: '/devis-en-ligne',
        label: 'Devis avant déplacement',
        text: 'Pour venir une seule fois, pièce déjà commandée.',
      },
      {
        path: '/services/vente',
        label: 'Rachat d’appareils',
        text: 'Smartphones, tablettes, consoles, ordinateurs : estimation sur place.',
      },
    ],
    faq: [
      {
        question: 'Pouvez-vous dépanner mon ordinateur sans que je me déplace ?',
        answer:
          'Oui, si la panne est logicielle. L’assistance à distance fonctionne avec Windows 11, 10, 8 et 7 comme avec les versions récentes de macOS : vous téléchargez l’outil, nous donnez l’identifiant par téléphone, et vous voyez tout ce que fait le technicien.',
      },
      {
        question: 'Comment être sûr que la pièce sera là quand je viendrai ?',
        answer:
          'Faites d’abord une demande de devis en ligne. Nous commandons la pièce (livraison en 24 h par transporteur) et vous appelons pour fixer le rendez-vous quand elle est arrivée.',
      },
      {
        question: 'Puis-je revendre mon ancien téléphone lors de la même visite ?',
        answer:
          'Oui. Après vérification de l’IMEI et du fonctionnement, l’estimation et la transaction prennent moins de 15 minutes ; le paiement en boutique est immédiat.',
      },
    ],
    cta: {
      title: 'Belin-Béliet : préparons votre venue',
      text: 'Devis en ligne, assistance à distance ou appel : on vous évite les allers-retours.',
    },
    nearby: ['reparation-mios', 'reparation-marcheprime', 'reparation-cestas'],
  },
  {
    slug: 'reparation-bordeaux',
    lead:
      'Pourquoi faire une cinquantaine de minutes de route quand on habite Bordeaux ? Parce que beaucoup de Bordelais passent déjà leurs week-ends sur le Bassin, qu’un atelier indépendant prend le temps d’expliquer ce qu’il fait, et que certains services, comme la micro-soudure ou la récupération de données, ne se trouvent pas à chaque coin de rue. Et si vous ne voulez pas vous déplacer, l’appareil peut voyager sans vous.',
    distance: 'environ 60 km depuis le centre de Bordeaux',
    driveTime: '45 à 55 minutes hors heures de pointe',
    routeSummary: 'Par la rocade, l’A63 en direction de Bayonne puis l’A660 en direction d’Arcachon.',
    routeSteps: [
      'Rejoignez la rocade de Bordeaux, puis l’A63 en direction de Bayonne.',
      'Prenez l’A660 en direction d’Arcachon.',
      'Sortez à Gujan-Mestras : l’atelier est en ville, l’adresse figure en bas de page.',
    ],
    alternatives: [
      {
        title: 'En TER depuis Bordeaux Saint-Jean',
        text: 'Les trains de la ligne Bordeaux – Arcachon s’arrêtent à Gujan-Mestras : environ trois quarts d’heure de trajet selon les trains, sans embouteillage.',
      },
      {
        title: 'Par colis',
        text: 'Demandez d’abord un devis en ligne ; nous convenons ensuite de l’envoi de l’appareil en colis suivi, de la réparation et du retour chez vous.',
      },
    ],
    landmarks: ['la gare Bordeaux Saint-Jean', 'la rocade', 'l’A63 en direction de Bayonne', 'l’A660 vers le Bassin'],
    needs: [
      {
        title: 'Une réparation pendant une journée sur le Bassin',
        text: 'Déposez le téléphone en arrivant, allez déjeuner au bord de l’eau, reprenez-le en repartant : quand la pièce est en stock, la réparation dure 45 minutes à 1 heure.',
      },
      {
        title: 'Des services pointus',
        text: 'Micro-soudure, récupération de données, amélioration de PC, installation de puce sur Switch : des interventions que tous les ateliers ne proposent pas.',
      },
      {
        title: 'Ne pas se déplacer du tout',
        text: 'L’appareil part en colis suivi une fois le devis accepté, et vous suivez la réparation en ligne avec votre numéro de ticket.',
      },
    ],
    services: [
      {
        path: '/services/recuperation',
        label: 'Récupération de données',
        text: 'Disques durs, SSD, téléphones, cartes mémoire : évaluation avant toute intervention.',
      },
      {
        path: '/services/picofly-installation',
        label: 'Installation de puce Nintendo Switch',
        text: 'Prestation décrite en détail sur sa page, avec ses limites.',
      },
      {
        path: '/services/web',
        label: 'Création de sites web',
        text: 'Pour les commerces et entreprises de la métropole comme du Bassin.',
      },
      {
        path: '/devis-en-ligne',
        label: 'Devis de réparation',
        text: 'Smartphone, tablette, ordinateur, console : le prix avant le trajet.',
      },
    ],
    faq: [
      {
        question: 'Pourquoi venir de Bordeaux jusqu’à Gujan-Mestras pour une réparation ?',
        answer:
          `Pour un devis clair avant toute intervention, une garantie de ${REPAIR_WARRANTY_MONTHS}\u00a0mois sur la réparation et des services spécialisés. Beaucoup de nos clients bordelais combinent la réparation avec une sortie sur le Bassin.`,
      },
      {
        question: 'Puis-je envoyer mon appareil par la poste ?',
        answer:
          'Oui, après accord. Faites une demande de devis en ligne en décrivant la panne ; nous vous indiquons comment emballer et expédier l’appareil en colis suivi, puis les conditions et le coût du retour.',
      },
      {
        question: 'Combien de temps faut-il prévoir sur place ?',
        answer:
          'Pour une réparation courante avec la pièce en stock, 45 minutes à 1 heure. Prenez rendez-vous : nous vous confirmons la disponibilité de la pièce avant que vous ne preniez la route.',
      },
      {
        question: 'Travaillez-vous aussi pour les entreprises bordelaises ?',
        answer:
          'Oui : réparation et amélioration de postes de travail, suppression de virus et création de sites web. Une facture est établie pour chaque intervention.',
      },
    ],
    cta: {
      title: 'Bordelais : le Bassin ou le colis, à vous de choisir',
      text: 'Commencez par le devis en ligne : nous vous proposons un créneau à l’atelier ou l’envoi de l’appareil.',
    },
    nearby: ['reparation-pessac', 'reparation-cestas', 'reparation-marcheprime'],
  },
  {
    slug: 'reparation-pessac',
    lead:
      'Étudiants du campus ou familles de Pessac : l’atelier est à environ 45 minutes par l’A63 et l’A660, et le TER relie la gare de Pessac à Gujan-Mestras sans changement. Réparer coûte souvent bien moins cher que remplacer, un argument qui compte quand on a un budget serré.',
    distance: 'environ 50 km',
    driveTime: '40 à 45 minutes',
    routeSummary: 'Par la rocade, l’A63 puis l’A660 ; ou par la D1250 à travers Cestas et Marcheprime, puis Biganos.',
    routeSteps: [
      'Depuis Pessac, rejoignez la rocade puis l’A63 en direction de Bayonne.',
      'Prenez l’A660 en direction d’Arcachon, sortie Gujan-Mestras.',
      'Variante sans autoroute : la D1250 par Cestas et Marcheprime jusqu’à Biganos, puis la D650.',
    ],
    alternatives: [
      {
        title: 'En TER depuis la gare de Pessac',
        text: 'Les trains vers Arcachon desservent Gujan-Mestras : comptez environ 40 minutes selon les horaires, pratique sans voiture.',
      },
      {
        title: 'Par colis',
        text: 'Pendant les partiels, pas le temps de venir ? Après le devis, l’appareil peut nous être envoyé en colis suivi.',
      },
    ],
    landmarks: ['la gare de Pessac', 'le campus universitaire', 'la Cité Frugès–Le Corbusier', 'la rocade'],
    needs: [
      {
        title: 'Un budget étudiant',
        text: `Une batterie neuve ou un écran remplacé coûtent bien moins qu’un téléphone neuf. Et un reconditionné garanti ${PRODUCT_WARRANTY_MONTHS}\u00a0mois est jusqu’à 50 % moins cher.`,
      },
      {
        title: 'L’ordinateur portable des études',
        text: 'Clavier qui perd des touches, batterie qui ne tient plus un cours, disque plein : nous remettons en état le portable qui doit tenir jusqu’au diplôme.',
      },
      {
        title: 'Un mémoire sur un disque en panne',
        text: 'Un disque qui ne monte plus la veille d’un rendu : arrêtez de le brancher et faites évaluer la récupération des fichiers au plus vite.',
      },
    ],
    services: [
      {
        path: '/services/recuperation',
        label: 'Récupération de données',
        text: 'Disques durs, SSD, clés USB, cartes mémoire : devis avant intervention.',
      },
      {
        path: '/services/maintenance',
        label: 'Remise à niveau d’ordinateur portable',
        text: 'SSD, mémoire, diagnostic gratuit.',
      },
      {
        path: '/label-qualirepar',
        label: 'Bonus réparation QualiRépar',
        text: 'Les montants et conditions du bonus pour les appareils hors garantie.',
      },
      {
        path: '/services/vente',
        label: 'Reconditionnés et rachat',
        text: 'Vendre l’ancien, acheter un reconditionné garanti.',
      },
    ],
    faq: [
      {
        question: 'Je suis étudiant sans voiture : comment venir ?',
        answer:
          'En TER : les trains de la ligne Bordeaux – Arcachon s’arrêtent à Pessac et à Gujan-Mestras. Prévenez-nous de votre heure d’arrivée, nous préparons la pièce pour que la réparation se fasse pendant votre visite.',
      },
      {
        question: 'Mon disque dur contient mon mémoire et ne démarre plus : que faire ?',
        answer:
          'Débranchez-le et ne lancez pas de logiciel de réparation, qui peut aggraver les dégâts. Apportez-le ou envoyez-le : nous évaluons la récupération. Un support très endommagé peut nécessiter un laboratoire en salle blanche, ce que nous vous indiquerions avant tout engagement.',
      },
      {
        question: 'Le bonus réparation s’applique-t-il à mon téléphone ?',
        answer:
          'Le bonus QualiRépar concerne les appareils hors garantie : 25 € pour un smartphone, 50 € pour un ordinateur portable. Les conditions figurent sur notre page dédiée.',
      },
    ],
    cta: {
      title: 'Pessac : réparer plutôt que remplacer',
      text: 'Demandez un devis en ligne : vous connaissez le prix avant de prendre le train ou la voiture.',
    },
    nearby: ['reparation-bordeaux', 'reparation-cestas', 'reparation-marcheprime'],
  },
  {
    slug: 'reparation-marcheprime',
    lead:
      'Marcheprime est à mi-chemin entre Bordeaux et le Bassin : par la D1250 puis Biganos, ou par l’A660, l’atelier est à une vingtaine de minutes. Beaucoup de navetteurs en profitent pour déposer un appareil à l’aller et le reprendre au retour.',
    distance: 'environ 25 km',
    driveTime: '20 à 25 minutes',
    routeSummary: 'Par la D1250 jusqu’à Biganos puis la D650, ou par l’A63 et l’A660.',
    routeSteps: [
      'Depuis Marcheprime, suivez la D1250 vers l’ouest jusqu’à Biganos.',
      'À Biganos, continuez vers Arcachon par la D650 (via Le Teich) ou par l’A660.',
      'Arrêtez-vous à Gujan-Mestras, l’adresse est en bas de page.',
    ],
    alternatives: [
      {
        title: 'En TER',
        text: 'La gare de Marcheprime est sur la ligne Bordeaux – Arcachon : Gujan-Mestras est à quelques arrêts, une vingtaine de minutes selon les trains.',
      },
    ],
    landmarks: ['la gare de Marcheprime', 'la Croix-d’Hins', 'la D1250', 'la forêt de pins'],
    needs: [
      {
        title: 'Réparé dans la journée',
        text: 'Le téléphone sert au travail comme à la maison. Prenez rendez-vous : quand la pièce est en stock, il est réparé en 45 minutes à 1 heure.',
      },
      {
        title: 'Un portable qui surchauffe',
        text: 'Ventilateur bruyant, machine qui s’éteint seule en pleine tâche : la poussière et une pâte thermique desséchée sont souvent en cause. Un nettoyage interne règle la plupart des cas.',
      },
      {
        title: 'Un appareil de remplacement',
        text: `Si la réparation ne vaut plus le coup, un téléphone ou un ordinateur reconditionné garanti ${PRODUCT_WARRANTY_MONTHS}\u00a0mois prend le relais, et l’ancien peut être racheté.`,
      },
    ],
    services: [
      {
        path: '/devis-en-ligne',
        label: 'Réparation de téléphone',
        text: 'Créneau réservé, pièce prête à votre arrivée.',
      },
      {
        path: '/services/maintenance',
        label: 'Entretien et amélioration de PC',
        text: 'Nettoyage, SSD, mémoire : un ordinateur plus rapide et plus silencieux.',
      },
      {
        path: '/boutique',
        label: 'Boutique en ligne',
        text: 'Accessoires et appareils, en retrait à l’atelier ou livrés.',
      },
    ],
    faq: [
      {
        question: 'Puis-je déposer mon téléphone et le récupérer le même jour ?',
        answer:
          'Oui, si la pièce est en stock : la réparation prend 45 minutes à 1 heure. Réservez le créneau par téléphone pour que nous la préparions.',
      },
      {
        question: 'Mon ordinateur portable chauffe et s’éteint tout seul : est-il réparable ?',
        answer:
          'Le plus souvent, oui. Nous démontons la machine, nettoyons le système de refroidissement et remplaçons la pâte thermique ; si un composant est en cause, le diagnostic le montre.',
      },
      {
        question: 'Vendez-vous des téléphones reconditionnés ?',
        answer:
          `Oui, à l’atelier et sur la boutique en ligne, avec une garantie de ${PRODUCT_WARRANTY_MONTHS}\u00a0mois. Vous pouvez aussi nous revendre votre ancien appareil au même moment.`,
      },
    ],
    cta: {
      title: 'Marcheprime : déposez-le en passant',
      text: 'Un appel pour réserver le créneau, ou un devis en ligne pour connaître le prix.',
    },
    nearby: ['reparation-biganos', 'reparation-cestas', 'reparation-mios', 'reparation-pessac'],
  },
  {
    slug: 'reparation-cestas',
    lead:
      'Du bourg de Cestas à Gazinet, l’atelier de Gujan-Mestras est à une bonne demi-heure par l’A63 et l’A660. Particuliers comme entreprises des zones d’activités de la commune nous confient leurs téléphones, leurs postes de travail et parfois leur site internet.',
    distance: 'environ 45 km',
    driveTime: '35 minutes environ',
    routeSummary: 'Par l’A63 en direction de Bayonne puis l’A660, ou par la D1250 via Marcheprime et Biganos.',
    routeSteps: [
      'Depuis Cestas, rejoignez l’A63 en direction de Bayonne.',
      'Prenez l’A660 en direction d’Arcachon, sortie Gujan-Mestras.',
      'Sans autoroute : la D1250 par Marcheprime jusqu’à Biganos, puis la D650.',
    ],
    alternatives: [
      {
        title: 'En TER',
        text: 'La gare de Gazinet-Cestas est desservie par des trains de la ligne Bordeaux – Arcachon qui s’arrêtent à Gujan-Mestras (selon les horaires).',
      },
      {
        title: 'Par colis',
        text: 'Pour un appareil professionnel, après le devis, l’envoi en colis suivi évite de mobiliser quelqu’un pour le trajet.',
      },
    ],
    landmarks: ['la gare de Gazinet-Cestas', 'le bourg de Cestas', 'les zones d’activités de Cestas', 'l’A63'],
    needs: [
      {
        title: 'Des postes de travail à maintenir',
        text: 'Ordinateurs lents, disques à remplacer, logiciels malveillants : nous intervenons sur les postes des petites entreprises et des indépendants.',
      },
      {
        title: 'Des téléphones professionnels confidentiels',
        text: 'Un téléphone d’entreprise contient des données sensibles. Nous n’accédons qu’à ce qui est nécessaire pour tester la réparation, et vous pouvez nous le confier verrouillé quand la panne le permet.',
      },
      {
        title: 'Un site internet à créer ou à refaire',
        text: 'Vitrine, prise de rendez-vous, référencement local : nous créons et entretenons des sites adaptés à la taille de votre activité.',
      },
    ],
    services: [
      {
        path: '/services/web',
        label: 'Création de sites web',
        text: 'Conception, référencement, maintenance.',
      },
      {
        path: '/services/virus',
        label: 'Sécurité des postes',
        text: 'Suppression de logiciels malveillants et conseils de prévention.',
      },
      {
        path: '/services/maintenance',
        label: 'Amélioration matérielle',
        text: 'SSD, mémoire, processeur, carte graphique selon les besoins.',
      },
      {
        path: '/devis-en-ligne',
        label: 'Réparation de téléphones',
        text: 'Particuliers et professionnels, devis avant intervention.',
      },
    ],
    faq: [
      {
        question: 'Travaillez-vous avec les entreprises de Cestas ?',
        answer:
          'Oui. Nous réparons et améliorons les postes de travail, supprimons les logiciels malveillants et créons des sites web. Chaque intervention fait l’objet d’un devis puis d’une facture au nom de l’entreprise.',
      },
      {
        question: 'Que faites-vous des données de mon téléphone professionnel ?',
        answer:
          'Rien d’autre que ce qu’exige la réparation : nous ne copions ni ne consultons vos contenus. Selon la panne, vous pouvez le laisser verrouillé ; sinon, un code temporaire suffit, à changer au retour.',
      },
      {
        question: 'Faut-il immobiliser mon ordinateur longtemps ?',
        answer:
          'Le diagnostic prend 24 à 48 heures. Pour un poste indispensable, prévenez-nous : nous planifions l’intervention pour limiter la durée d’immobilisation.',
      },
    ],
    cta: {
      title: 'Cestas : particuliers et professionnels',
      text: 'Devis en ligne ou appel : nous vous proposons l’intervention la plus adaptée.',
    },
    nearby: ['reparation-pessac', 'reparation-marcheprime', 'reparation-bordeaux', 'reparation-belin-beliet'],
  },
  {
    slug: 'reparation-gujan-mestras',
    lead:
      'C’est ici, à Gujan-Mestras, que se trouve l’atelier. Habitants de la ville aux sept ports, de Larros à Meyran : vous déposez l’appareil en passant, et nous vous prévenons dès qu’il est prêt.',
    distance: 'dans la commune',
    driveTime: 'quelques minutes',
    routeSummary: 'L’atelier est dans la ville : l’A660 (sortie Gujan-Mestras) et la D650 y mènent de tout le sud du Bassin.',
    routeSteps: [
      'Depuis les ports de Larros ou de Meyran, rejoignez le centre-ville.',
      'Depuis l’A660, prenez la sortie Gujan-Mestras.',
      'L’adresse exacte et le lien vers le plan figurent en bas de page.',
    ],
    alternatives: [
      {
        title: 'À pied, à vélo ou en train',
        text: 'La gare de Gujan-Mestras est sur la ligne Bordeaux – Arcachon, et la piste cyclable du Bassin traverse la commune.',
      },
    ],
    landmarks: ['le port de Larros', 'la Maison de l’huître', 'le port de Meyran', 'la gare de Gujan-Mestras'],
    needs: [
      {
        title: 'L’atelier de la commune',
        text: 'Un écran fêlé, une batterie à bout de souffle : prenez rendez-vous et repassez une heure plus tard si la pièce est en stock.',
      },
      {
        title: 'Chez vous, l’après-midi',
        text: 'Ordinateur de bureau, box, imprimante ou caméras : les interventions à domicile ont lieu l’après-midi.',
      },
      {
        title: 'Les métiers de la mer',
        text: 'Ostréiculteurs et professionnels du nautisme savent ce que l’eau salée fait aux téléphones : nettoyage après immersion, changement de connecteur et coques de protection.',
      },
    ],
    services: [
      {
        path: '/devis-en-ligne',
        label: 'Toutes les réparations',
        text: `Smartphones, tablettes, ordinateurs, consoles, montres : à partir de ${REPAIRS_FROM_EUROS}\u00a0€.`,
      },
      {
        path: '/suivi',
        label: 'Suivi des réparations',
        text: 'L’avancement de votre réparation en ligne, avec votre numéro de ticket.',
      },
      {
        path: '/boutique',
        label: 'Boutique',
        text: 'Accessoires et appareils reconditionnés, retrait gratuit à l’atelier.',
      },
      {
        path: '/services/surveillance',
        label: 'Caméras et réseau',
        text: 'Installation à domicile pour la maison ou le commerce.',
      },
    ],
    faq: [
      {
        question: 'Intervenez-vous à domicile à Gujan-Mestras ?',
        answer:
          'Oui, l’après-midi uniquement. C’est adapté aux ordinateurs de bureau, aux installations réseau et aux caméras ; un téléphone se répare plus vite à l’atelier.',
      },
      {
        question: 'Faut-il un rendez-vous pour déposer un appareil ?',
        answer:
          'Oui, c’est la règle, sauf pour certaines réparations Apple. Le rendez-vous nous permet de vérifier que la pièce est là et de vous rendre l’appareil rapidement.',
      },
      {
        question: 'Comment suis-je prévenu que mon appareil est prêt ?',
        answer:
          'Nous vous appelons ou vous écrivons. Vous pouvez aussi suivre l’avancement sur la page Suivi des réparations et, avec un compte client, recevoir des notifications.',
      },
      {
        question: 'Puis-je retirer à l’atelier une commande de la boutique en ligne ?',
        answer:
          'Oui, le retrait en boutique est gratuit : choisissez-le au moment de la commande et présentez-vous avec votre numéro de commande.',
      },
    ],
    cta: {
      title: 'Gujan-Mestras : l’atelier est à côté',
      text: 'Appelez pour un rendez-vous ou demandez un devis en ligne.',
    },
    nearby: ['reparation-la-hume', 'reparation-iphone-la-teste', 'reparation-smartphone-le-teich', 'reparation-smartphone-arcachon'],
  },
  {
    slug: 'reparation-lanton',
    lead:
      'Cassy, Taussat, Blagon ou le bourg : Lanton s’étire entre forêt et Bassin, à une petite demi-heure de l’atelier par la D3. Nombreux sont ceux qui y travaillent depuis chez eux : un ordinateur fiable et des fichiers bien sauvegardés y comptent autant qu’un téléphone en état de marche.',
    distance: 'environ 27 km',
    driveTime: '25 à 30 minutes',
    routeSummary: 'Par la D3 vers le sud en passant par Audenge, puis Biganos et la D650 ou l’A660.',
    routeSteps: [
      'Depuis Lanton, prenez la D3 vers le sud, direction Audenge.',
      'Continuez jusqu’à Biganos, puis suivez Arcachon par la D650 ou l’A660.',
      'Arrêtez-vous à Gujan-Mestras ; le plan est en bas de page.',
    ],
    alternatives: [
      {
        title: 'Premier diagnostic à distance',
        text: 'Un micro muet en visio ou une webcam introuvable relèvent souvent du réglage : l’assistance à distance permet de vérifier avant de vous déplacer.',
      },
    ],
    landmarks: ['le port de Cassy', 'Taussat', 'Blagon', 'la piste cyclable du tour du Bassin'],
    needs: [
      {
        title: 'Le poste de télétravail',
        text: 'Webcam, micro, Wi-Fi capricieux, lenteurs : nous remettons en état l’ordinateur qui sert à travailler depuis la maison.',
      },
      {
        title: 'Des sauvegardes automatiques',
        text: 'Un NAS à la maison copie chaque soir vos documents et vos photos : le jour où un disque lâche, rien n’est perdu.',
      },
      {
        title: 'Un écran d’ordinateur portable cassé',
        text: 'Dalle fissurée ou lignes de couleur : la dalle se remplace sur la plupart des portables ; nous commandons le modèle exact.',
      },
    ],
    services: [
      {
        path: '/services/recuperation',
        label: 'Sauvegarde NAS et récupération de données',
        text: 'Installation d’un NAS personnel ou professionnel, récupération en cas de panne.',
      },
      {
        path: '/services/assistance',
        label: 'Assistance à distance',
        text: 'Réglages de visio, messagerie, logiciels.',
      },
      {
        path: '/devis-en-ligne',
        label: 'Réparation d’ordinateur portable',
        text: 'Écran, clavier, batterie, charnières : devis sur le modèle exact.',
      },
    ],
    faq: [
      {
        question: 'Pouvez-vous installer une sauvegarde automatique à la maison ?',
        answer:
          'Oui : nous installons et configurons un NAS personnel qui sauvegarde vos ordinateurs, et vérifions avec vous qu’une restauration fonctionne.',
      },
      {
        question: 'Mon micro ne marche plus en visio : faut-il apporter l’ordinateur ?',
        answer:
          'Pas forcément. C’est souvent une autorisation ou un réglage du logiciel de visio : une session d’assistance à distance le vérifie en quelques minutes. Si c’est matériel, nous prévoyons la réparation à l’atelier.',
      },
      {
        question: 'Combien de temps pour changer l’écran d’un ordinateur portable ?',
        answer:
          'La dalle est commandée pour votre modèle exact et arrive en 24 h par transporteur ; le délai total vous est annoncé dans le devis.',
      },
    ],
    cta: {
      title: 'Lanton : un ordinateur fiable pour travailler',
      text: 'Demandez un devis ou une session d’assistance à distance.',
    },
    nearby: ['reparation-audenge', 'reparation-andernos-les-bains', 'reparation-biganos', 'reparation-ares'],
  },
];

/** Each town's content, typeset (French spaces and apostrophes) when first asked for. */
const typesetTowns = new Map<string, TownContent>();

/**
 * The content of one town, typeset. A landing page needs only its own town: typesetting all 17 when
 * the module loads took ~10 ms of a phone's main thread before the page could answer a tap.
 */
export function townContent(slug: string): TownContent | undefined {
  const cached = typesetTowns.get(slug);
  if (cached) return cached;
  const town = towns.find((candidate) => candidate.slug === slug);
  if (!town) return undefined;
  const content = typeset(town);
  typesetTowns.set(slug, content);
  return content;
}

/** Every town's content, typeset (the tests compare them). */
export function allTownContents(): TownContent[] {
  return towns.map((town) => townContent(town.slug) as TownContent);
}
