import ArrowRight from 'lucide-react/icons/arrow-right';
import Sparkles from 'lucide-react/icons/sparkles';
import { Link } from 'react-router';

/** Promo block: the online quote, with its start button. */
export function PromoBlock() {
  return (
    <section aria-labelledby="promo-titre" className="bg-white px-4 py-14 dark:bg-ink-950">
      <div className="mx-auto flex max-w-5xl flex-col items-start gap-6 rounded-3xl bg-gradient-to-br from-brand-800 to-ink-900 p-8 text-white sm:p-12 md:flex-row md:items-center md:justify-between">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold">
            <Sparkles aria-hidden="true" className="size-4" />
            Devis gratuit et sans engagement
          </p>
          <h2 id="promo-titre" className="mt-4 text-3xl font-bold tracking-tight text-balance">
            Votre appareil vous lâche&nbsp;? Obtenez votre devis en ligne
          </h2>
          <p className="mt-3 max-w-xl text-cyan-50">
            Choisissez l’appareil, le modèle et la panne&nbsp;: en quelques minutes, votre demande est transmise à l’atelier
            et nous vous répondons avec un prix.
          </p>
        </div>
        <Link
          to="/devis-en-ligne"
          className="inline-flex min-h-12 shrink-0 items-center gap-2 rounded-lg bg-white px-6 py-3 font-bold text-brand-800 hover:bg-cyan-50"
        >
          Commencer mon devis
          <ArrowRight aria-hidden="true" className="size-5" />
        </Link>
      </div>
    </section>
  );
}
