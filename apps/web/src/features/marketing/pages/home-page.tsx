import { CalendarCheck, Info } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';

export function HomePage() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white dark:from-ink-900 dark:to-ink-950">
      <div className="mx-auto max-w-5xl px-4 py-16 sm:py-24">
        <p className="mb-3 text-sm font-semibold tracking-wide text-brand-800 uppercase dark:text-brand-300">
          Atelier de réparation à Gujan-Mestras
        </p>
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          Réparation de smartphones, tablettes, consoles et ordinateurs sur le bassin d’Arcachon
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
          Écran cassé, batterie fatiguée, console qui ne démarre plus : l’atelier diagnostique et répare vos appareils.
          Demandez un devis en ligne ou passez nous voir du mardi au samedi.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="/devis-en-ligne">
            <CalendarCheck aria-hidden="true" className="size-4" />
            Prendre RDV
          </ButtonLink>
          <ButtonLink to="/contact" variant="secondary">
            <Info aria-hidden="true" className="size-4" />
            En savoir plus
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
