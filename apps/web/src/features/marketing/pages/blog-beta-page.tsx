import { FlaskConical, House } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';

/** /blog-beta: the blog is being built (spec 3 §2). */
export function BlogBetaPage() {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span
        aria-hidden="true"
        className="inline-flex size-20 items-center justify-center rounded-3xl bg-linear-to-br from-brand-100 to-brand-50 text-brand-700 ring-1 ring-brand-600/20 dark:from-ink-800 dark:to-ink-900 dark:text-brand-300 dark:ring-brand-300/30"
      >
        <FlaskConical className="size-10" />
      </span>
      <p className="mt-6 inline-flex items-center rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
        Mode bêta
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">Le blog est en cours de développement</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
        Nous préparons un blog de conseils pratiques pour entretenir, protéger et faire durer vos smartphones, tablettes,
        ordinateurs et consoles. Il est actuellement en mode bêta et sera lancé très bientôt.
      </p>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        En attendant, nos réponses aux questions les plus courantes vous attendent dans la foire aux questions.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">
          <House aria-hidden="true" className="size-4" />
          Retour à l’accueil
        </ButtonLink>
        <ButtonLink to="/faq" variant="secondary">
          Questions fréquentes
        </ButtonLink>
      </div>
    </section>
  );
}
