import { deviceCategories } from '../../content/home';
import { Section } from './section';

/** Section 2: the four device families and their repair counts. */
export function CategoryGrid() {
  return (
    <Section id="categories-titre" eyebrow="Ce que nous réparons" title="Tous vos appareils, une seule adresse">
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {deviceCategories.map(({ name, count, icon: Icon, description }) => (
          <li
            key={name}
            className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm dark:border-slate-700 dark:bg-ink-900"
          >
            <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-800 dark:bg-ink-800 dark:text-brand-300">
              <Icon aria-hidden="true" className="size-7" />
            </span>
            <h3 className="mt-3 text-lg font-bold">{name}</h3>
            <p className="mt-1 text-2xl font-extrabold text-brand-800 dark:text-brand-300">
              {count} <span className="block text-sm font-medium text-slate-700 dark:text-slate-300">réparations</span>
            </p>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
