import { ExternalLink } from 'lucide-react';
import { BrandIcon } from '../../../../components/ui/brand-icon';
import { buttonClasses } from '../../../../components/ui/button';
import { socialHandle, type SocialNetwork } from '../../content/company';
import { cardClasses } from './page-section';

/** One social platform: its logo, what we post there and a link to our page (new tab). */
export function SocialCard({ network }: { network: SocialNetwork }) {
  const headingId = `reseau-${network.id}`;
  return (
    <article aria-labelledby={headingId} className={`${cardClasses} flex h-full flex-col`}>
      <div className="flex items-center gap-4">
        <span className={`inline-flex size-14 shrink-0 items-center justify-center rounded-2xl text-white ${network.badgeClass}`}>
          <BrandIcon icon={network.icon} className="size-7" />
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-semibold">
            {network.name}
          </h2>
          <p className="truncate text-slate-700 dark:text-slate-300">{socialHandle(network.url)}</p>
        </div>
      </div>
      <p className="mt-4 flex-1 text-slate-700 dark:text-slate-300">{network.description}</p>
      <a href={network.url} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary', 'mt-6 self-start')}>
        <span>
          Nous suivre sur {network.name} <span className="sr-only">(nouvel onglet)</span>
        </span>
        <ExternalLink aria-hidden="true" className="size-4" />
      </a>
    </article>
  );
}
