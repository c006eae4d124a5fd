import { Check } from 'lucide-react';
import { Carousel } from '../../../../components/ui/carousel';
import { PARTNERS_INTERVAL_MS, partners, type Partner } from '../../content/partners';

function PartnerCard({ partner }: { partner: Partner }) {
  const Icon = partner.icon;
  return (
    <article className="grid w-full overflow-hidden rounded-3xl border border-slate-200 bg-white md:grid-cols-[16rem_1fr] dark:border-slate-700 dark:bg-ink-900">
      <div aria-hidden="true" className={`flex h-32 items-center justify-center bg-gradient-to-br md:h-auto ${partner.color}`}>
        <Icon className="size-16 text-white/90" strokeWidth={1.5} />
      </div>
      <div className="p-6 sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase dark:text-brand-300">{partner.category}</p>
        <h2 className="mt-1 text-3xl font-bold">{partner.name}</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{partner.description}</p>
        <ul className="mt-4 space-y-2">
          {partner.uses.map((use) => (
            <li key={use} className="flex items-start gap-2 text-slate-800 dark:text-slate-200">
              <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400" />
              {use}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

/**
 * The 5 brands: arrows, dots, thumbnails within 2 positions of the current brand, a 5 s rotation
 * that stops while the pointer is over it, wrapping both ways.
 */
export function PartnersCarousel() {
  return (
    <Carousel
      label="Nos marques partenaires"
      slides={partners.map((partner) => (
        <PartnerCard key={partner.id} partner={partner} />
      ))}
      slideNames={partners.map((partner) => partner.name)}
      autoplay={PARTNERS_INTERVAL_MS}
      pauseOnHover
      thumbnail={(index) => {
        const partner = partners[index]!;
        const Icon = partner.icon;
        return (
          <>
            <span aria-hidden="true" className={`grid size-9 place-items-center rounded-lg bg-gradient-to-br ${partner.color}`}>
              <Icon className="size-5 text-white" />
            </span>
            <span className="max-sm:sr-only">{partner.name}</span>
          </>
        );
      }}
      thumbnailRange={2}
    />
  );
}
