import { Package } from 'lucide-react';
import { formatCents } from '@erepare/shared/format';

export type DisplayLine = { key: string | number; name: string; quantity: number; lineTotalCents: number; image: string };

/** The articles of the order: thumbnail, name, quantity, line total. */
export function CartLines({ lines }: { lines: readonly DisplayLine[] }) {
  return (
    <ul className="grid gap-3">
      {lines.map((line) => (
        <li key={line.key} className="flex items-center gap-3">
          <span className="relative flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-ink-800">
            {line.image ? (
              <img src={line.image} alt="" width={48} height={48} loading="lazy" className="size-full object-cover" />
            ) : (
              <Package aria-hidden="true" className="size-5 text-slate-400" />
            )}
          </span>
          <span className="min-w-0 flex-1 text-sm">
            <span className="line-clamp-2 font-medium">{line.name}</span>
            <span className="text-slate-600 dark:text-slate-400">{`Quantité\u00a0: ${line.quantity}`}</span>
          </span>
          <span className="shrink-0 text-sm font-semibold">{formatCents(line.lineTotalCents)}</span>
        </li>
      ))}
    </ul>
  );
}
