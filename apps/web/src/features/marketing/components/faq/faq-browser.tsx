import { useState } from 'react';
import { faqCategories, faqEntries, type FaqCategory } from '../../content/faq';
import { FaqAccordion } from './faq-accordion';

type Filter = FaqCategory | 'Toutes';

/** The /faq browser: category filter buttons and one accordion where one answer opens at a time. */
export function FaqBrowser() {
  const [filter, setFilter] = useState<Filter>('Toutes');
  const [openId, setOpenId] = useState<string | null>(null);
  const shown = filter === 'Toutes' ? faqCategories : [filter];

  return (
    <div>
      <div role="group" aria-label="Filtrer par catégorie" className="flex flex-wrap gap-2">
        {(['Toutes', ...faqCategories] as const).map((category) => {
          const pressed = category === filter;
          return (
            <button
              key={category}
              type="button"
              aria-pressed={pressed}
              onClick={() => setFilter(category)}
              className={`min-h-11 rounded-full px-4 py-2 text-sm font-semibold transition-colors ${
                pressed
                  ? 'bg-brand-700 text-white dark:bg-brand-400 dark:text-ink-950'
                  : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-200 dark:hover:bg-ink-800'
              }`}
            >
              {category}
            </button>
          );
        })}
      </div>
      <div className="mt-8 space-y-10">
        {shown.map((category) => (
          <section key={category} aria-labelledby={`faq-categorie-${faqCategories.indexOf(category)}`}>
            <h2 id={`faq-categorie-${faqCategories.indexOf(category)}`} className="mb-4 text-2xl font-bold">
              {category}
            </h2>
            <FaqAccordion
              entries={faqEntries.filter((entry) => entry.category === category)}
              openId={openId}
              onToggle={(id) => setOpenId((current) => (current === id ? null : id))}
            />
          </section>
        ))}
      </div>
    </div>
  );
}
