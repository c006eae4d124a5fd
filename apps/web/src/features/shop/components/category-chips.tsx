export type CategoryChip = { slug: string; name: string };

type CategoryChipsProps = {
  categories: readonly CategoryChip[];
  /** The slug of the chosen category, '' for all. */
  selected: string;
  onSelect: (slug: string) => void;
};

// Phone and tablet: a row of chips that scrolls sideways. Computer: a list in the side column.
const chip =
  'inline-flex min-h-11 shrink-0 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors lg:min-h-10 lg:w-full lg:rounded-lg lg:border-transparent lg:px-3 lg:text-left lg:whitespace-normal';
const off =
  'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-100 dark:hover:bg-ink-800 lg:bg-transparent lg:dark:bg-transparent';
const on = 'border-brand-700 bg-brand-700 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-ink-950';

/** Category filter as toggle buttons. */
export function CategoryChips({ categories, selected, onSelect }: CategoryChipsProps) {
  return (
    <div
      role="group"
      aria-label="Catégories"
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin] lg:mx-0 lg:flex-col lg:gap-0.5 lg:overflow-visible lg:px-0"
    >
      <button type="button" aria-pressed={selected === ''} onClick={() => onSelect('')} className={`${chip} ${selected === '' ? on : off}`}>
        Tout voir
      </button>
      {categories.map((category) => (
        <button
          key={category.slug}
          type="button"
          aria-pressed={selected === category.slug}
          onClick={() => onSelect(selected === category.slug ? '' : category.slug)}
          className={`${chip} ${selected === category.slug ? on : off}`}
        >
          {category.name}
        </button>
      ))}
    </div>
  );
}
