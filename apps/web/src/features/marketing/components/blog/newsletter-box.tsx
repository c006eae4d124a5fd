import { Mail } from 'lucide-react';
import { useId } from 'react';
import { buttonClasses } from '../../../../components/ui/button';

export const NEWSLETTER_NOTE = 'Bientôt disponible : l’inscription n’est pas encore ouverte.';

/**
 * The newsletter field of the demo blog. The spec's button does nothing: it is not a form (nothing
 * is sent, Enter submits nothing), and the note under it says so plainly so that nobody believes
 * they subscribed.
 */
export function NewsletterBox() {
  const id = useId();
  const inputId = `${id}-email`;
  const noteId = `${id}-note`;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-3xl border border-slate-200 bg-slate-50 p-6 sm:p-10 dark:border-slate-800 dark:bg-ink-900"
    >
      <div className="flex items-start gap-3">
        <Mail aria-hidden="true" className="mt-1 size-7 shrink-0 text-brand-700 dark:text-brand-300" />
        <div>
          <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight">
            La lettre de l’atelier
          </h2>
          <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
            Un e-mail de temps en temps avec nos derniers conseils d’entretien et les nouveautés de l’atelier.
          </p>
        </div>
      </div>
      <div className="mt-6 flex max-w-xl flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={inputId} className="block text-sm font-semibold">
            Adresse e-mail
          </label>
          <input
            id={inputId}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder="prenom@exemple.fr"
            aria-describedby={noteId}
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 dark:border-slate-500 dark:bg-ink-950 dark:text-slate-100 dark:placeholder:text-slate-400"
          />
        </div>
        <button
          type="button"
          aria-describedby={noteId}
          className={buttonClasses('primary')}
        >
          S’inscrire
        </button>
      </div>
      <p id={noteId} className="mt-3 text-sm font-medium text-amber-900 dark:text-amber-200">
        {NEWSLETTER_NOTE}
      </p>
    </section>
  );
}
