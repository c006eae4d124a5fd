import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { pageWindow } from '../lib/catalogue-params';

type PaginationProps = { page: number; totalPages: number; hrefFor: (page: number) => string };

const item =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-ink-800';

/** Server-side pages as real links (shareable, back/forward); numbers from the tablet width up. */
export function Pagination({ page, totalPages, hrefFor }: PaginationProps) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-between gap-2 sm:justify-center">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={`${item} border border-slate-300 dark:border-slate-600`}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Précédente
        </Link>
      ) : (
        <span aria-hidden="true" className={`${item} invisible`}>
          Précédente
        </span>
      )}
      <p className="text-sm text-slate-700 sm:hidden dark:text-slate-300">
        Page {page} sur {totalPages}
      </p>
      <ul className="hidden items-center gap-1 sm:flex">
        {pages.map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                to={hrefFor(number)}
                aria-label={`Page ${number}`}
                aria-current={number === page ? 'page' : undefined}
                className={number === page ? `${item} bg-brand-700 text-white hover:bg-brand-800 dark:bg-brand-400 dark:text-ink-950 dark:hover:bg-brand-300` : item}
              >
                {number}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} className={`${item} border border-slate-300 dark:border-slate-600`}>
          Suivante
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span aria-hidden="true" className={`${item} invisible`}>
          Suivante
        </span>
      )}
    </nav>
  );
}
