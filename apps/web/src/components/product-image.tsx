import {
  BatteryCharging,
  Cable,
  Camera,
  Gamepad2,
  Headphones,
  Keyboard,
  Laptop,
  Monitor,
  Package,
  ShieldCheck,
  Smartphone,
  Speaker,
  Tablet,
  Watch,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';

/** Words of a product's category or name → the icon that stands for it when there is no photo. */
const iconRules: readonly [RegExp, LucideIcon, string][] = [
  [/tablette|ipad|tab\b/i, Tablet, 'from-violet-100 to-violet-50 text-violet-800 dark:from-violet-950 dark:to-ink-900 dark:text-violet-200'],
  [/ordinateur|portable|laptop|macbook|pc\b|notebook/i, Laptop, 'from-sky-100 to-sky-50 text-sky-800 dark:from-sky-950 dark:to-ink-900 dark:text-sky-200'],
  [/écran|ecran|moniteur|monitor/i, Monitor, 'from-sky-100 to-sky-50 text-sky-800 dark:from-sky-950 dark:to-ink-900 dark:text-sky-200'],
  [/montre|watch/i, Watch, 'from-rose-100 to-rose-50 text-rose-800 dark:from-rose-950 dark:to-ink-900 dark:text-rose-200'],
  [/console|manette|switch|playstation|xbox|jeu/i, Gamepad2, 'from-indigo-100 to-indigo-50 text-indigo-800 dark:from-indigo-950 dark:to-ink-900 dark:text-indigo-200'],
  [/écouteur|ecouteur|casque|airpods|audio|buds/i, Headphones, 'from-amber-100 to-amber-50 text-amber-800 dark:from-amber-950 dark:to-ink-900 dark:text-amber-200'],
  [/enceinte|speaker/i, Speaker, 'from-amber-100 to-amber-50 text-amber-800 dark:from-amber-950 dark:to-ink-900 dark:text-amber-200'],
  [/chargeur|batterie externe|powerbank|power bank|secteur/i, BatteryCharging, 'from-emerald-100 to-emerald-50 text-emerald-800 dark:from-emerald-950 dark:to-ink-900 dark:text-emerald-200'],
  [/câble|cable|adaptateur|usb|lightning|hdmi/i, Cable, 'from-emerald-100 to-emerald-50 text-emerald-800 dark:from-emerald-950 dark:to-ink-900 dark:text-emerald-200'],
  [/coque|étui|etui|protection|verre trempé|film|housse/i, ShieldCheck, 'from-cyan-100 to-cyan-50 text-cyan-800 dark:from-cyan-950 dark:to-ink-900 dark:text-cyan-200'],
  [/clavier|souris|keyboard|mouse/i, Keyboard, 'from-slate-200 to-slate-50 text-slate-700 dark:from-slate-800 dark:to-ink-900 dark:text-slate-200'],
  [/appareil photo|caméra|camera|objectif/i, Camera, 'from-slate-200 to-slate-50 text-slate-700 dark:from-slate-800 dark:to-ink-900 dark:text-slate-200'],
  [/smartphone|téléphone|telephone|iphone|galaxy|pixel|mobile/i, Smartphone, 'from-brand-100 to-brand-50 text-brand-800 dark:from-brand-800/40 dark:to-ink-900 dark:text-brand-100'],
];

const fallback: [LucideIcon, string] = [Package, 'from-slate-200 to-slate-50 text-slate-700 dark:from-slate-800 dark:to-ink-900 dark:text-slate-200'];

export function productIcon(...hints: string[]): [LucideIcon, string] {
  const text = hints.join(' ');
  for (const [pattern, icon, tone] of iconRules) if (pattern.test(text)) return [icon, tone];
  return fallback;
}

type ProductImageProps = {
  src?: string | undefined;
  /** Text alternative; '' when the image is decorative (a card whose name is right next to it). */
  alt: string;
  /** Category and name: choose the icon of the placeholder. */
  category?: string;
  name?: string;
  className?: string;
  /** Load at once (the main image of a product page) rather than when scrolled near. */
  priority?: boolean;
  iconClassName?: string;
  /** Shape of the frame; square by default (grids), 4:3 on a phone for a product page. */
  aspect?: string;
};

/**
 * The product photo, or — since many products have none — a category icon on a soft tint: it
 * looks intended, keeps the grid even, and says "photo non disponible" to screen readers.
 */
export function ProductImage({
  src,
  alt,
  category = '',
  name = '',
  className = '',
  priority = false,
  iconClassName = 'size-1/3',
  aspect = 'aspect-square',
}: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return (
      <img
        src={src}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        {...(priority ? { fetchPriority: 'high' as const } : {})}
        onError={() => setFailed(true)}
        className={`${aspect} w-full bg-white object-contain ${className}`}
      />
    );
  }
  const [Icon, tone] = productIcon(category, name);
  const label = alt ? `${alt} (photo non disponible)` : undefined;
  return (
    <div
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      className={`flex ${aspect} w-full items-center justify-center bg-linear-to-br ${tone} ${className}`}
    >
      <Icon aria-hidden="true" strokeWidth={1.4} className={iconClassName} />
    </div>
  );
}
