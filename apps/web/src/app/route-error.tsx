import { RotateCw } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ButtonLink } from '../components/ui/button';

/**
 * Shown when a page fails to load or render. The usual cause after a deployment is a page chunk
 * that no longer exists: reloading fetches the new version.
 */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <main id="contenu" className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Une erreur est survenue</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
        {status ? `Erreur ${status}. ` : ''}La page n’a pas pu s’afficher. Rechargez-la ou revenez à l’accueil.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" className="size-4" />
          Recharger la page
        </Button>
        <ButtonLink to="/" variant="secondary" reloadDocument>
          Retour à l’accueil
        </ButtonLink>
      </div>
    </main>
  );
}
