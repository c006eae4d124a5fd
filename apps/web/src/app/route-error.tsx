import RotateCw from 'lucide-react/icons/rotate-cw';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ButtonLink } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';

/** Key of the last automatic reload (sessionStorage): one per address and per 30 s, never a loop. */
const RELOAD_KEY = 'erepare:route-error-reload';
const RELOAD_WINDOW_MS = 30_000;

/**
 * Whether `error` is a page's data or code that could not be fetched (offline, or a page chunk
 * removed by a deployment), as opposed to a page that failed to render: the browser's own messages
 * for a failed `fetch` or dynamic import.
 */
export function isLoadFailure(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  return /failed to fetch|fetch dynamically imported module|importing a module script failed|error loading dynamically imported module|networkerror|load failed/i.test(error.message);
}

/** FNV-1a (32 bits) of an address, in hex: tells two addresses apart without keeping either. */
function addressDigest(href: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < href.length; index += 1) {
    hash ^= href.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16);
}

/**
 * Whether to load the page at `href` as a document rather than show the error: the first time for
 * this address within RELOAD_WINDOW_MS (records it). The service worker then answers with the kept
 * copy of the page or the offline page; after a deployment the server sends the new version.
 */
export function shouldReloadOnce(href: string, now = Date.now(), storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage): boolean {
  try {
    // A digest, not the address: an address may carry a secret (`token=` of an estimate, `cle=` of a payment).
    const page = addressDigest(href);
    const last = JSON.parse(storage.getItem(RELOAD_KEY) ?? 'null') as { page?: unknown; at?: unknown } | null;
    if (last && last.page === page && typeof last.at === 'number' && now - last.at < RELOAD_WINDOW_MS) return false;
    storage.setItem(RELOAD_KEY, JSON.stringify({ page, at: now }));
    return true;
  } catch {
    // No storage (private mode quota, disabled): no automatic reload rather than a possible loop.
    return false;
  }
}

/** The decision taken for each error (a render may run twice: it is taken once). */
const decisions = new WeakMap<object, boolean>();

function reloadFor(error: unknown): boolean {
  if (!isLoadFailure(error)) return false;
  const key = error as object;
  const known = decisions.get(key);
  if (known !== undefined) return known;
  const decided = shouldReloadOnce(window.location.href);
  decisions.set(key, decided);
  return decided;
}

/**
 * Shown when a page fails to load or render. A page whose code or data could not be fetched (an
 * in-app navigation while offline, or a chunk that no longer exists after a deployment) is loaded
 * once as a document instead: what a click on a plain link would have given.
 */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : null;
  const reloading = typeof window !== 'undefined' && reloadFor(error);
  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);
  if (reloading) return <Spinner fullScreen label="Chargement de la page…" />;
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
