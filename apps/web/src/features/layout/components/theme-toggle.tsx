import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';
import { useTheme } from '../../../lib/use-theme';

const areaNames = { shop: 'de la boutique', tracking: 'du suivi', quote: 'du devis', site: 'du site' } as const;

export function ThemeToggle() {
  const { theme, area, toggle } = useTheme();
  const next = theme === 'dark' ? 'clair' : 'sombre';
  return (
    <button
      type="button"
      onClick={toggle}
      className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-ink-800"
      aria-label={`Passer au thème ${next} (pages ${areaNames[area]})`}
      title={`Thème ${next}`}
    >
      {theme === 'dark' ? <Sun aria-hidden="true" className="size-5" /> : <Moon aria-hidden="true" className="size-5" />}
    </button>
  );
}
