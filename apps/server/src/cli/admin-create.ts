import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createOrPromoteAdmin } from '../modules/auth/service.js';
import { resetTwoFactorByOperator } from '../modules/auth/two-factor.js';

/**
 * `npm run admin:create -- --email you@example.fr [--password …] [--reset-two-factor]`: creates or
 * promotes an admin; with --reset-two-factor, also removes the account's second factor (a lost
 * phone without recovery codes and no other admin to reset it) and ends its sessions.
 */
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, 'reset-two-factor': { type: 'boolean' } },
});

if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
  console.error('Usage : npm run admin:create -- --email vous@exemple.fr [--password motdepasse] [--reset-two-factor]');
  process.exit(2);
}
if (values.password !== undefined && values.password.length < 8) {
  console.error('Le mot de passe doit contenir au moins 8 caractères.');
  process.exit(2);
}

try {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const password = values.password ?? randomBytes(15).toString('base64url');
    const outcome = await createOrPromoteAdmin(database.db, values.email, password);
    console.log(outcome === 'created' ? `Administrateur créé : ${values.email}` : `Compte promu administrateur : ${values.email}`);
    if (!values.password) console.log(`Mot de passe généré (affiché une seule fois) : ${password}`);
    if (values['reset-two-factor']) {
      const removed = await resetTwoFactorByOperator(database.db, values.email);
      console.log(removed ? 'Double authentification retirée, sessions fermées : à réactiver à la prochaine connexion.' : 'Ce compte n’avait pas de double authentification.');
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
