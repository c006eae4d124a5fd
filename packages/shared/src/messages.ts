/** French messages users see, from the spec's error catalogues, plus the ones the spec leaves to us. */
export const messages = {
  auth: {
    invalidCredentials: 'Email ou mot de passe incorrect',
    technicalLogin: 'Erreur technique lors de la connexion',
    loginSuccess: 'Connexion réussie',
    noSession: 'Aucune session persistante trouvée',
    sessionExpired: 'Session expirée',
    sessionValid: 'Session valide',
    technicalSession: 'Erreur technique lors de la vérification de session',
    notLoggedIn: 'Utilisateur non connecté',
    logoutSuccess: 'Déconnexion réussie',
    logoutAllSuccess: 'Déconnexion de tous les appareils réussie',
    forbidden: 'Accès réservé aux administrateurs',
    tooManyAttempts: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
    accountDisabled: 'Ce compte est désactivé. Contactez le magasin.',
  },
  http: {
    badRequest: 'Requête invalide',
    invalidJson: 'Le corps de la requête n’est pas un JSON valide',
    unsupportedMediaType: 'Format de requête non pris en charge (JSON attendu)',
    payloadTooLarge: 'Requête trop volumineuse',
    notFound: 'Ressource introuvable',
    apiNotFound: 'Point d’accès API introuvable',
    methodNotAllowed: 'Méthode non autorisée',
    tooManyRequests: 'Trop de requêtes. Veuillez réessayer dans quelques instants.',
    internal: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
    unavailable: 'Service temporairement indisponible',
  },
  settings: {
    saved: 'Paramètres enregistrés',
  },
} as const;
