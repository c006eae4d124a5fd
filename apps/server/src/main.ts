import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig } from './config.js';
import { startServer } from './server.js';
import { goLiveConsoleLines } from './modules/admin/go-live.js';

const startedAt = performance.now();

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

try {
  const server = await startServer(config);
  const readyMs = Math.round(performance.now() - startedAt);
  if (server.admin.created) {
    console.log('\n──────────────────────────────────────────────────────────────');
    console.log(`Compte administrateur créé : ${server.admin.email}`);
    if (server.admin.generatedPassword) {
      console.log(`Mot de passe généré (affiché une seule fois) : ${server.admin.generatedPassword}`);
      console.log('Changez-le ou définissez ADMIN_EMAIL et ADMIN_PASSWORD avant le premier démarrage.');
    }
    console.log('──────────────────────────────────────────────────────────────\n');
  }
  if (config.env === 'production' && !config.secureCookies) {
    console.warn(
      'Attention : cookies de session sans attribut Secure (PUBLIC_URL n’est pas en https://). À réserver aux essais en local.',
    );
  }
  console.log(
    `E.repare est prêt sur ${server.url} (base ${server.database.kind}, démarré en ${readyMs} ms)`,
  );

  // « Avant l’ouverture »: what is left before opening, as the admin overview shows it.
  server.app
    .goLive()
    .then((report) => {
      const lines = goLiveConsoleLines(report);
      if (lines.length > 0) console.log(lines.join('\n'));
    })
    .catch((error: unknown) => console.warn('Liste « Avant l’ouverture » indisponible :', error instanceof Error ? error.message : error));

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`Signal ${signal} reçu : arrêt propre du serveur…`);
    // A stuck connection must not keep the process (and the database lock) forever.
    const force = setTimeout(() => {
      console.error('Arrêt forcé après 10 s.');
      process.exit(1);
    }, 10_000);
    force.unref();
    server
      .close()
      .then(() => {
        console.log('Serveur arrêté, base de données fermée.');
        process.exit(0);
      })
      .catch((error: unknown) => {
        console.error('Erreur pendant l’arrêt :', error);
        process.exit(1);
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error('Le serveur n’a pas pu démarrer :', error instanceof Error ? error.message : error);
  process.exit(1);
}
