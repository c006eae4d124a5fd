import { CircleCheck, CircleAlert, CircleX } from 'lucide-react';
import { stockLevel } from '../lib/catalogue-params';

const tones = {
  ok: ['text-emerald-800 dark:text-emerald-300', CircleCheck],
  low: ['text-amber-800 dark:text-amber-300', CircleAlert],
  out: ['text-red-700 dark:text-red-300', CircleX],
} as const;

/** "En stock", "Plus que N en stock" or "Rupture de stock", with an icon (never colour alone). */
export function StockStatus({ product, className = '' }: { product: { in_stock: boolean; stock_quantity: number }; className?: string }) {
  const level = stockLevel(product);
  const [tone, Icon] = tones[level.tone];
  return (
    <p className={`flex items-center gap-1.5 text-sm font-medium ${tone} ${className}`}>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {level.label}
    </p>
  );
}
