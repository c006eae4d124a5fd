import { Home } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-7xl font-extrabold text-brand-700 dark:text-brand-300" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">
        <span className="sr-only">Erreur 404&nbsp;: </span>
        <span lang="en">Oops! Page not found</span>
      </h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
        La page demandée n’existe pas ou a été déplacée.
      </p>
      <ButtonLink to="/" className="mt-8">
        <Home aria-hidden="true" className="size-4" />
        Retour à l’accueil
      </ButtonLink>
    </section>
  );
}
