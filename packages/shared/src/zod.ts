import { z } from 'zod';
// The French locale alone: `z.locales.fr()` would pull every locale zod ships (~40 kB gzip) into
// the browser.
import { fr } from 'zod/locales';

// Every validation message users may see is French: configure zod's locale once, here,
// and make every schema of the product import `z` from this module.
z.config(fr());

// In the browser, zod must not probe `new Function` for its compiled parsers: the site's CSP
// (script-src 'self', no 'unsafe-eval') refuses it and Chrome reports a CSP violation on every
// page that parses with zod. The server keeps the faster compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
