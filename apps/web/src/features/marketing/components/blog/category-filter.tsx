import { blogFilters, type BlogFilter } from '../../content/blog';

type CategoryFilterProps = { value: BlogFilter; onChange: (filter: BlogFilter) => void };

/** Toggle buttons (aria-pressed) choosing the category of the list. */
export function CategoryFilter({ value, onChange }: CategoryFilterProps) {
  return (
    <div role="group" aria-label="Filtrer les articles par catégorie" className="flex flex-wrap gap-2">
      {blogFilters.map((filter) => {
        const pressed = filter.id === value;
        return (
          <button
            key={filter.id}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(filter.id)}
            className={`min-h-11 rounded-full border px-4 text-sm font-semibold transition-colors ${
              pressed
                ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-ink-950'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-100 dark:hover:bg-ink-800'
            }`}
          >
            {filter.label}
          </button>
        );
      })}
    </div>
  );
}
