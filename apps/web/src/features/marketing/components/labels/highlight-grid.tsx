import type { Highlight } from '../../content/labels';
import { cardClasses, iconBadgeClasses } from '../company/page-section';

/** Cards with an icon, a title and a short text (key points, benefits, commitments). */
export function HighlightGrid({ items, columns = 3 }: { items: readonly Highlight[]; columns?: 2 | 3 | 4 }) {
  const grid = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' }[columns];
  return (
    <ul className={`grid gap-4 ${grid}`}>
      {items.map((item) => (
        <li key={item.title} className={cardClasses}>
          <span className={iconBadgeClasses}>
            <item.icon aria-hidden="true" className="size-6" />
          </span>
          <h3 className="mt-4 text-lg font-semibold">{item.title}</h3>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
