import { Clock, ExternalLink, FileText, MessageCircle } from 'lucide-react';
import { Suspense } from 'react';
import { whatsappUrl } from '@erepare/shared/store-profile';
import { StoreContactList } from '../../../components/store-contact-list';
import { ButtonLink } from '../../../components/ui/button';
import { useStoreProfile } from '../../../lib/store-profile';
import { ContactForm } from '../components/contact/contact-form';
import { REPAIRS_FROM_EUROS } from '@erepare/shared/warranty';

export function ContactPage() {
  const storeProfile = useStoreProfile();
  const portal = storeProfile.customerPortalUrl;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Contactez-nous</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        Une question, une panne à faire diagnostiquer, une photo de l’écran cassé à nous montrer&nbsp;? Écrivez-nous avec le formulaire ci-dessous, appelez-nous ou passez à l’atelier de {storeProfile.address.city}.
      </p>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
        <div className="space-y-8">
          <section aria-labelledby="contact-infos-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-ink-900">
            <h2 id="contact-infos-title" className="mb-4 text-xl font-bold">
              L’atelier {storeProfile.name}
            </h2>
            <StoreContactList />
            <a
              href={whatsappUrl(storeProfile)}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-flex min-h-11 items-center gap-3 underline underline-offset-4"
            >
              <MessageCircle aria-hidden="true" className="size-5 shrink-0" />
              WhatsApp&nbsp;: {storeProfile.whatsapp.display}
              <span className="sr-only"> (nouvel onglet)</span>
            </a>
          </section>

          <section aria-labelledby="contact-hours-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-ink-900">
            <h2 id="contact-hours-title" className="mb-4 flex items-center gap-2 text-xl font-bold">
              <Clock aria-hidden="true" className="size-5" />
              Horaires d’ouverture
            </h2>
            <dl className="space-y-2">
              {storeProfile.openingHours.map((slot) => (
                <div key={slot.days} className="flex flex-wrap justify-between gap-x-4">
                  <dt className="font-medium">{slot.days}</dt>
                  <dd className="text-slate-700 dark:text-slate-300">{slot.hours}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
              Les réparations se font sur rendez-vous, à l’exception de certaines réparations Apple.
            </p>
          </section>

          <section aria-labelledby="contact-quote-title" className="rounded-2xl bg-brand-50 p-6 dark:bg-ink-800">
            <h2 id="contact-quote-title" className="text-xl font-bold">
              Besoin d’un prix&nbsp;?
            </h2>
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              Le devis en ligne vous guide en quelques étapes&nbsp;: appareil, panne, photos et jour de dépôt. Réparations à partir de {REPAIRS_FROM_EUROS}&nbsp;€.
            </p>
            <ButtonLink to="/devis-en-ligne" className="mt-4">
              <FileText aria-hidden="true" className="size-4" />
              Demander un devis en ligne
            </ButtonLink>
            {portal ? (
              <p className="mt-4">
                <a href={portal} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center gap-2 font-semibold underline underline-offset-4">
                  Espace client de suivi des réparations
                  <ExternalLink aria-hidden="true" className="size-4" />
                  <span className="sr-only"> (nouvel onglet)</span>
                </a>
              </p>
            ) : null}
          </section>
        </div>

        <section aria-label="Formulaire de contact" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-700 dark:bg-ink-900">
          <Suspense fallback={null}>
            <ContactForm />
          </Suspense>
        </section>
      </div>
    </div>
  );
}
