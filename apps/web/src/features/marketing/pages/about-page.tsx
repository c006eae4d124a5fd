import { ArrowRight, CircleCheck, HandCoins, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';
import { cardClasses, iconBadgeClasses, PageSection } from '../components/company/page-section';
import { aboutAdvantages, aboutFigures, aboutGuarantee, aboutOwner, aboutServices } from '../content/company';
import { useStoreProfile } from '../../../lib/store-profile';

export function AboutPage() {
  const storeProfile = useStoreProfile();
  const owner = aboutOwner(storeProfile);
  return (
    <>
      <PageIntro
        eyebrow="L’atelier"
        title={`À propos de l’atelier ${storeProfile.name}`}
        lead={`${storeProfile.name} répare smartphones, tablettes, ordinateurs et consoles à ${storeProfile.address.city}, au cœur du bassin d’Arcachon. Un seul principe guide l’atelier\u00a0: réparer plutôt que remplacer, avec un prix annoncé avant toute intervention.`}
      >
        <ContactActions />
      </PageIntro>

      <PageSection
        id="a-propos-services"
        title="Nos services"
        intro="De la vitre cassée à la carte mère en panne, en passant par vos fichiers perdus : l’atelier prend en charge l’essentiel de vos appareils du quotidien."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {aboutServices.map((service) => (
            <li key={service.title} className={`${cardClasses} flex flex-col`}>
              <span className={iconBadgeClasses}>
                <service.icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{service.title}</h3>
              <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{service.description}</p>
              {service.link ? (
                <Link
                  to={service.link.to}
                  className="mt-4 inline-block min-h-6 self-start py-0.5 font-semibold text-brand-700 underline underline-offset-4 hover:decoration-2 dark:text-brand-300"
                >
                  {service.link.label}
                  <ArrowRight aria-hidden="true" className="ml-1 inline size-4 align-[-3px]" />
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </PageSection>

      <section aria-labelledby="a-propos-chiffres" className="mx-auto w-full max-w-5xl px-4 py-6">
        <div className="rounded-3xl bg-linear-to-br from-brand-700 to-brand-800 p-6 text-white shadow-lg sm:p-10 dark:from-ink-800 dark:to-ink-900 dark:ring-1 dark:ring-brand-300/30">
          <h2 id="a-propos-chiffres" className="text-2xl font-bold tracking-tight sm:text-3xl">
            L’atelier en chiffres
          </h2>
          <ul className="mt-8 grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-5">
            {aboutFigures.map((figure) => (
              <li key={figure.label} className="last:col-span-2 sm:last:col-span-1">
                <p className="text-3xl font-bold tracking-tight sm:text-4xl dark:text-brand-300">{figure.value}</p>
                <p className="mt-1 text-brand-50 dark:text-slate-300">{figure.label}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <PageSection
        id="a-propos-avantages"
        title="Pourquoi nous confier votre appareil"
        intro="Un atelier de proximité, avec les exigences d’un professionnel."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {aboutAdvantages.map((advantage) => (
            <li key={advantage.title} className={`${cardClasses} flex gap-4`}>
              <span className={iconBadgeClasses}>
                <advantage.icon aria-hidden="true" className="size-6" />
              </span>
              <div>
                <h3 className="text-lg font-semibold">{advantage.title}</h3>
                <p className="mt-1 text-slate-700 dark:text-slate-300">{advantage.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>

      <section aria-labelledby="a-propos-garantie" className="mx-auto w-full max-w-5xl px-4 py-6">
        <div className="grid gap-6 rounded-3xl border-2 border-brand-600 bg-brand-50 p-6 sm:p-10 md:grid-cols-[auto_1fr] dark:border-brand-300/60 dark:bg-ink-900">
          <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-brand-700 text-white dark:bg-brand-400 dark:text-ink-950">
            <HandCoins aria-hidden="true" className="size-9" />
          </span>
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-800 dark:text-brand-300">Notre garantie</p>
            <h2 id="a-propos-garantie" className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
              {aboutGuarantee.title}
            </h2>
            <p className="mt-3 max-w-3xl text-lg text-slate-800 dark:text-slate-200">{aboutGuarantee.text}</p>
            <ul className="mt-5 space-y-2">
              {aboutGuarantee.points.map((point) => (
                <li key={point} className="flex gap-2 text-slate-800 dark:text-slate-200">
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <PageSection id="a-propos-fondateur" eyebrow={'Qui sommes-nous\u00a0?'} title={owner.title}>
        <div className="grid gap-8 md:grid-cols-[minmax(0,1fr)_2fr] md:items-start">
          {/* No photo: a drawn badge stands for the workshop (no image from elsewhere, no stock photo). */}
          <div
            aria-hidden="true"
            className="hidden aspect-square max-w-60 items-center md:flex justify-center rounded-3xl bg-linear-to-br from-brand-100 via-brand-50 to-white ring-1 ring-brand-600/20 dark:from-ink-800 dark:via-ink-900 dark:to-ink-950 dark:ring-brand-300/30"
          >
            <Wrench className="size-24 text-brand-700 dark:text-brand-300" />
          </div>
          <div className="max-w-3xl space-y-4 text-lg text-slate-700 dark:text-slate-300">
            {owner.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <div className="pt-2">
              <ContactActions />
            </div>
          </div>
        </div>
      </PageSection>
    </>
  );
}
