import { MessageCircle } from 'lucide-react';
import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';
import { SocialCard } from '../components/company/social-card';
import { socialNetworks } from '../content/company';
import { useStoreProfile } from '../../../lib/store-profile';

export function SocialPage() {
  const storeProfile = useStoreProfile();
  return (
    <>
      <PageIntro
        eyebrow="Restons en contact"
        title="Nos réseaux sociaux"
        lead={`Suivez la vie de l’atelier ${storeProfile.name}\u00a0: réparations du jour, conseils d’entretien et informations pratiques. Les liens s’ouvrent dans un nouvel onglet.`}
      />
      <div className="mx-auto w-full max-w-5xl px-4">
        <ul className="grid gap-4 md:grid-cols-3">
          {socialNetworks(storeProfile).map((network) => (
            <li key={network.id}>
              <SocialCard network={network} />
            </li>
          ))}
        </ul>
        <section
          aria-labelledby="reseaux-question"
          className="mt-12 flex flex-col gap-4 rounded-2xl bg-slate-50 p-6 sm:p-8 dark:bg-ink-900"
        >
          <div className="flex items-start gap-3">
            <MessageCircle aria-hidden="true" className="mt-1 size-6 shrink-0 text-brand-700 dark:text-brand-300" />
            <div>
              <h2 id="reseaux-question" className="text-xl font-semibold">
                Une question sur une réparation&nbsp;?
              </h2>
              <p className="mt-1 text-slate-700 dark:text-slate-300">
                Pour un devis ou le suivi de votre appareil, écrivez-nous ou appelez l’atelier&nbsp;: c’est le moyen le plus rapide
                d’obtenir une réponse.
              </p>
            </div>
          </div>
          <ContactActions />
        </section>
      </div>
    </>
  );
}
