import { z } from '@erepare/shared/zod';

/** The sign-in form's checks (LoginForm loads them with the first validation). */
export const loginFormSchema = z.object({
  email: z.string().trim().min(1, { error: 'L’adresse e-mail est requise' }).pipe(z.email({ error: 'Adresse e-mail invalide' })),
  password: z.string().min(1, { error: 'Le mot de passe est requis' }),
  rememberMe: z.boolean(),
});
