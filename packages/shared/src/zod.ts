import { z } from 'zod';

// Every validation message users may see is French: configure zod's locale once, here,
// and make every schema of the product import `z` from this module.
z.config(z.locales.fr());

// In the browser, zod must not probe `new Function` for its compiled parsers: the site's CSP
// (script-src 'self', no 'unsafe-eval') refuses it and Chrome reports a CSP violation on every
// page that parses with zod. The server keeps the faster compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
