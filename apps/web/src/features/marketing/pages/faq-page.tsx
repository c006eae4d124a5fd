import { ContactActions } from '../../../components/contact-actions';
import { JsonLd } from '../../../components/json-ld';
import { FaqBrowser } from '../components/faq/faq-browser';
import { faqEntries } from '../content/faq';

/** schema.org FAQPage of the 13 questions (the answers are all in the page's HTML too). */
const faqJsonLd = {
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: faqEntries.map((entry) => ({
    '@type': 'Question',
    name: entry.question,
    acceptedAnswer: { '@type': 'Answer', text: entry.answer },
  })),
};

export function FaqPage() {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-16">
      <JsonLd data={faqJsonLd} />
      <p className="mb-2 text-sm font-semibold tracking-wide text-brand-800 uppercase dark:text-brand-300">FAQ</p>
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Questions fréquentes</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        Délais, garanties, rendez-vous, interventions à domicile ou rachat de votre appareil&nbsp;: voici les réponses aux
        questions que l’on nous pose le plus souvent. Choisissez une catégorie ou parcourez-les toutes.
      </p>
      <div className="mt-8">
        <FaqBrowser />
      </div>
      <section aria-labelledby="faq-contact" className="mt-12 rounded-3xl border border-slate-200 bg-slate-50 p-6 sm:p-8 dark:border-slate-700 dark:bg-ink-900">
        <h2 id="faq-contact" className="text-2xl font-bold">
          Vous ne trouvez pas votre réponse&nbsp;?
        </h2>
        <p className="mt-2 mb-6 text-slate-700 dark:text-slate-300">
          Décrivez-nous votre panne dans le devis en ligne ou posez-nous directement votre question.
        </p>
        <ContactActions />
      </section>
    </div>
  );
}
