import { useState } from 'react';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { Link } from 'react-router';
import { faqEntries } from '../../content/faq';
import { FaqAccordion } from '../faq/faq-accordion';
import { Section } from './section';

const HOME_QUESTIONS = ['duree-reparation', 'rendez-vous', 'garantie', 'devis-en-ligne', 'paiement-rachat'];
const entries = faqEntries.filter((entry) => HOME_QUESTIONS.includes(entry.id));

/** Section 7: a few questions of the FAQ and the way to all of them. */
export function HomeFaq() {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <Section id="faq-titre" eyebrow="FAQ" title="Questions fréquentes" tinted>
      <div className="mx-auto max-w-3xl">
        <FaqAccordion entries={entries} openId={openId} onToggle={(id) => setOpenId((current) => (current === id ? null : id))} />
        <p className="mt-6 text-center">
          <Link
            to="/faq"
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline underline-offset-4 hover:no-underline dark:text-brand-300"
          >
            Voir toutes les questions
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </p>
      </div>
    </Section>
  );
}
