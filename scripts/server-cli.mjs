// `npm run backup`, `npm run restore`: runs one of the server's compiled command-line tools
// (apps/server/dist/cli/<name>.js), with a French message when the server has not been built yet.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [name = '', ...rest] = process.argv.slice(2);
const file = path.join(root, 'apps/server/dist/cli', `${name}.js`);
if (!/^[a-z-]+$/.test(name) || !existsSync(file)) {
  console.error(`Commande introuvable : ${file}. Construisez d’abord le serveur : npm run build (ou lancez npm start une fois).`);
  process.exit(1);
}
// The tool reads its own arguments (util.parseArgs reads process.argv from the third entry).
process.argv = [process.argv[0], file, ...rest];
await import(pathToFileURL(file).href);
