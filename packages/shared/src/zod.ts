import { z } from 'zod';

// Every validation message users may see is French: configure zod's locale once, here,
// and make every schema of the product import `z` from this module.
z.config(z.locales.fr());

export { z };
