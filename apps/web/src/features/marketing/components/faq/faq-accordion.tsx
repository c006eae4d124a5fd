import ChevronDown from 'lucide-react/icons/chevron-down';
import { Link } from 'react-router';
import type { FaqEntry } from '../../content/faq';

type FaqAccordionProps = {
  entries: FaqEntry[];
  /** The one open answer (spec 3 §4: only one at a time), or null. */
  openId: string | null;
  onToggle: (id: string) => void;
  headingLevel?: 'h2' | 'h3';
};

/**
 * Questions as heading buttons (aria-expanded / aria-controls). Closed answers stay in the HTML
 * (`hidden`), so search engines and the server-rendered page carry every answer.
 */
export function FaqAccordion({ entries, openId, onToggle, headingLevel: Heading = 'h3' }: FaqAccordionProps) {
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-ink-900">
      {entries.map((entry) => {
        const open = entry.id === openId;
        return (
          <li key={entry.id}>
            <Heading className="text-base font-semibold">
              <button
                type="button"
                id={`faq-q-${entry.id}`}
                aria-expanded={open}
                aria-controls={`faq-a-${entry.id}`}
                onClick={() => onToggle(entry.id)}
                className="flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left hover:bg-slate-50 dark:hover:bg-ink-800"
              >
                <span>{entry.question}</span>
                <ChevronDown
                  aria-hidden="true"
                  className={`size-5 shrink-0 text-brand-700 transition-transform dark:text-brand-300 ${open ? 'rotate-180' : ''}`}
                />
              </button>
            </Heading>
            <div
              id={`faq-a-${entry.id}`}
              role="region"
              aria-labelledby={`faq-q-${entry.id}`}
              hidden={!open}
              className="px-5 pb-5 text-slate-700 dark:text-slate-300"
            >
              <p>{entry.answer}</p>
              {entry.link ? (
                <p className="mt-3">
                  <Link
                    to={entry.link.to}
                    className="font-semibold text-brand-800 underline underline-offset-4 hover:no-underline dark:text-brand-300"
                  >
                    {entry.link.label}
                  </Link>
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
