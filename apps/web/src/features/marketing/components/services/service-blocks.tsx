import { ExternalLink as ExternalLinkIcon, FileText, Mail, Phone, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { buttonClasses, ButtonLink } from '../../../../components/ui/button';
import type { ServiceCard, ServiceFigure, ServiceStep } from '../../content/services/types';
import { useStoreProfile } from '../../../../lib/store-profile';

/**
 * The building blocks shared by the nine service pages, so that they look alike: a hero with the
 * page's one h1, titled sections (h2, cards in h3), numbered steps, key figures and a closing call
 * to action. Everything renders on the server (no browser API during render).
 */

const container = 'mx-auto w-full max-w-6xl px-4';

export const cardClasses =
  'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-ink-900';

type HeroProps = {
  title: string;
  lead: ReactNode;
  icon: LucideIcon;
  eyebrow?: string;
  /** A highlighted price or promise, e.g. { label: 'Prix', value: '19,90 €' }. */
  highlight?: { label: string; value: string; note?: string };
  actions?: ReactNode;
  children?: ReactNode;
};

export function ServiceHero({ title, lead, icon: Icon, eyebrow = 'Nos services', highlight, actions, children }: HeroProps) {
  return (
    <section className="relative overflow-hidden border-b border-slate-200 bg-linear-to-br from-brand-50 via-white to-white dark:border-slate-800 dark:from-ink-900 dark:via-ink-950 dark:to-ink-950">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-brand-100 blur-3xl dark:bg-brand-800/30"
      />
      <div className={`${container} relative grid gap-8 py-10 sm:py-16 lg:grid-cols-[1fr_auto] lg:items-center`}>
        <div className="min-w-0">
          <p className="mb-2 flex items-center gap-2 text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
            <Icon aria-hidden="true" className="size-4" />
            {eyebrow}
          </p>
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
          <div className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{lead}</div>
          {actions ? <div className="mt-6 flex flex-wrap gap-3">{actions}</div> : null}
          {children}
        </div>
        {highlight ? (
          <p className="flex w-full flex-col rounded-2xl border border-brand-600/30 bg-white p-6 text-center shadow-sm sm:w-auto lg:min-w-60 dark:border-brand-300/30 dark:bg-ink-900">
            <span className="text-sm font-semibold text-slate-700 dark:text-slate-300">{highlight.label}</span>
            <span className="mt-1 text-4xl font-extrabold text-brand-700 dark:text-brand-300">{highlight.value}</span>
            {highlight.note ? <span className="mt-1 text-sm text-slate-700 dark:text-slate-300">{highlight.note}</span> : null}
          </p>
        ) : (
          <span
            aria-hidden="true"
            className="hidden size-52 items-center justify-center rounded-full bg-linear-to-br from-brand-100 to-white text-brand-700 ring-1 ring-brand-600/20 lg:flex dark:from-brand-800/40 dark:to-ink-900 dark:text-brand-300 dark:ring-brand-300/20"
          >
            <Icon className="size-24" strokeWidth={1.25} />
          </span>
        )}
      </div>
    </section>
  );
}

type SectionProps = {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  /** Alternate background, to separate consecutive sections. */
  muted?: boolean;
  id?: string;
};

export function ServiceSection({ title, intro, children, muted = false, id }: SectionProps) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={muted ? 'bg-slate-50 py-12 sm:py-16 dark:bg-ink-900/60' : 'py-12 sm:py-16'}
    >
      <div className={container}>
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          {title}
        </h2>
        {intro ? <div className="mt-3 max-w-3xl text-slate-700 dark:text-slate-300">{intro}</div> : null}
        {children ? <div className="mt-8">{children}</div> : null}
      </div>
    </section>
  );
}

const columns = {
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
} as const;

/** Cards as a list (screen readers announce how many there are). */
export function CardGrid({ cards, cols = 3 }: { cards: readonly ServiceCard[]; cols?: keyof typeof columns }) {
  return (
    <ul className={`grid gap-4 ${columns[cols]}`}>
      {cards.map((card) => (
        <li key={card.title} className={cardClasses}>
          <CardBody card={card} />
        </li>
      ))}
    </ul>
  );
}

export function CardBody({ card, children }: { card: ServiceCard; children?: ReactNode }) {
  const Icon = card.icon;
  return (
    <>
      <div className="flex items-center gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-800/40 dark:text-brand-300">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <h3 className="text-lg leading-snug font-semibold">{card.title}</h3>
      </div>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{card.text}</p>
      {card.items?.length ? <CheckList items={card.items} className="mt-3 text-sm" /> : null}
      {children}
    </>
  );
}

export function CheckList({ items, className = '' }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`space-y-1.5 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-2 text-slate-700 dark:text-slate-300">
          <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-600 dark:bg-brand-300" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** A numbered process as an ordered list; the number is shown big and read once. */
export function StepList({ steps }: { steps: readonly ServiceStep[] }) {
  const cols = steps.length === 4 ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3';
  return (
    <ol className={`grid gap-4 ${cols}`}>
      {steps.map((step) => (
        <li key={step.number} className={`${cardClasses} relative`}>
          <span
            aria-hidden="true"
            className="inline-flex size-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white dark:bg-brand-400 dark:text-ink-950"
          >
            {step.number}
          </span>
          <h3 className="mt-4 text-lg font-semibold">
            <span className="sr-only">Étape {step.number}&nbsp;: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}

/** Key figures as a description list: the value is big, the label says what it measures. */
export function FigureList({ figures }: { figures: readonly ServiceFigure[] }) {
  const cols = figures.length === 4 ? 'grid-cols-2 lg:grid-cols-4' : figures.length === 2 ? 'grid-cols-2' : 'sm:grid-cols-3';
  return (
    <dl className={`grid gap-4 ${cols}`}>
      {figures.map((figure) => (
        <div key={figure.label} className={`${cardClasses} flex flex-col-reverse text-center`}>
          <dt className="mt-1 text-sm text-slate-700 dark:text-slate-300">{figure.label}</dt>
          <dd className="text-3xl font-extrabold text-brand-700 sm:text-4xl dark:text-brand-300">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

type ActionProps = Omit<LinkProps, 'children'> & { icon?: LucideIcon; variant?: 'primary' | 'secondary'; children: ReactNode };

/** A link styled as a button, with an optional decorative icon. */
export function ActionLink({ icon: Icon, variant = 'primary', children, ...props }: ActionProps) {
  return (
    <ButtonLink variant={variant} {...props}>
      {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
      {children}
    </ButtonLink>
  );
}

/** A link to another site: new tab, no opener, and screen readers are told so. */
export function ExternalLink({ href, children, button = false }: { href: string; children: ReactNode; button?: boolean }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={button ? buttonClasses('primary') : 'inline-flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-300'}
    >
      {children}
      <ExternalLinkIcon aria-hidden="true" className="size-4" />
      <span className="sr-only"> (nouvel onglet)</span>
    </a>
  );
}

/** The closing call to action of every service page. */
export function ClosingCta({ title, text, actions }: { title: string; text: ReactNode; actions: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="py-12 sm:py-16">
      <div className={container}>
        <div className="rounded-3xl bg-linear-to-br from-brand-700 to-brand-800 p-6 text-white shadow-lg sm:p-10 dark:from-ink-800 dark:to-ink-900 dark:ring-1 dark:ring-brand-300/30">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            {title}
          </h2>
          <div className="mt-3 max-w-3xl text-brand-50 dark:text-slate-300">{text}</div>
          <div className="mt-6 flex flex-wrap gap-3">{actions}</div>
        </div>
      </div>
    </section>
  );
}

// Buttons placed on the coloured closing block (light theme: white on brand, white focus ring).
const onBrandBase =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-white dark:focus-visible:outline-brand-300';
const onBrand = {
  primary: `${onBrandBase} bg-white text-brand-800 hover:bg-brand-50 dark:bg-brand-400 dark:text-ink-950 dark:hover:bg-brand-300`,
  secondary: `${onBrandBase} border border-white/80 text-white hover:bg-white/10 dark:border-slate-500 dark:hover:bg-ink-800`,
} as const;

/** A link of the closing block. */
export function CtaLink({ icon: Icon, variant = 'primary', children, ...props }: ActionProps) {
  return (
    <Link className={onBrand[variant]} {...props}>
      {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
      {children}
    </Link>
  );
}

/** The shop's phone number as a call link of the closing block. */
export function CtaCall() {
  const storeProfile = useStoreProfile();
  return (
    <a href={`tel:${storeProfile.phone.e164}`} className={onBrand.secondary}>
      <Phone aria-hidden="true" className="size-4" />
      Appeler le {storeProfile.phone.display}
    </a>
  );
}

/** The closing actions most service pages share: a quote, the contact page, a call. */
export function QuoteContactCallActions() {
  return (
    <>
      <CtaLink to="/devis-en-ligne" icon={FileText}>
        Demander un devis
      </CtaLink>
      <CtaLink to="/contact" icon={Mail} variant="secondary">
        Nous contacter
      </CtaLink>
      <CtaCall />
    </>
  );
}
