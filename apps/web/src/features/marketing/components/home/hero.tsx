import { useEffect, useRef } from 'react';
import CalendarCheck from 'lucide-react/icons/calendar-check';
import Check from 'lucide-react/icons/check';
import Info from 'lucide-react/icons/info';
import { ButtonLink } from '../../../../components/ui/button';
import { Carousel } from '../../../../components/ui/carousel';
import { heroSlides, type HeroSlide } from '../../content/home';
import { useStoreProfile } from '../../../../lib/store-profile';

const PHONE = '(max-width: 767px)';
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Parallax fade of the hero on phones (spec 3 §2): the hero's light backdrop drifts down more
 * slowly than the page and fades while the page scrolls. Only the decorative backdrop moves, so
 * the text keeps its full contrast; transform and opacity only (no layout shift), at most once a
 * frame, never under reduced motion.
 */
function useParallaxFade() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof window.matchMedia !== 'function') return;
    const phone = window.matchMedia(PHONE);
    const reduced = window.matchMedia(REDUCED_MOTION);
    let frame = 0;
    const update = () => {
      frame = 0;
      if (!phone.matches || reduced.matches) {
        element.style.opacity = '';
        element.style.transform = '';
        return;
      }
      const height = element.offsetHeight || 1;
      const scrolled = Math.min(Math.max(window.scrollY, 0), height);
      element.style.opacity = String(1 - scrolled / height);
      element.style.transform = `translate3d(0, ${Math.round(scrolled * 0.4)}px, 0)`;
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    phone.addEventListener('change', schedule);
    reduced.addEventListener('change', schedule);
    schedule();
    return () => {
      window.removeEventListener('scroll', schedule);
      phone.removeEventListener('change', schedule);
      reduced.removeEventListener('change', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);
  return ref;
}

function HeroSlideCard({ slide }: { slide: HeroSlide }) {
  const Icon = slide.icon;
  return (
    <article className="grid w-full overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm md:grid-cols-[1fr_18rem] lg:grid-cols-[1fr_22rem] dark:border-slate-700 dark:bg-ink-900">
      <div className="order-2 p-6 sm:p-8 md:order-1">
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{slide.title}</h2>
        <p className="mt-1 text-lg font-semibold text-brand-800 dark:text-brand-300">{slide.subtitle}</p>
        <p className="mt-4 text-slate-700 dark:text-slate-300">{slide.description}</p>
        <p className="mt-4 text-xl font-extrabold">{slide.price}</p>
        <ul className="mt-4 space-y-2">
          {slide.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-slate-800 dark:text-slate-200">
              <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400" />
              {feature}
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to="/devis-en-ligne">
            <CalendarCheck aria-hidden="true" className="size-4" />
            Prendre RDV
          </ButtonLink>
          <ButtonLink to="/contact" variant="secondary">
            <Info aria-hidden="true" className="size-4" />
            En savoir plus
          </ButtonLink>
        </div>
      </div>
      <div
        aria-hidden="true"
        className={`relative order-1 flex h-28 items-center justify-center overflow-hidden bg-gradient-to-br md:order-2 md:h-auto ${slide.art}`}
      >
        <span className="absolute size-48 rounded-full border border-white/20 md:size-72" />
        <span className="absolute size-32 rounded-full border border-white/25 md:size-48" />
        <span className="absolute -top-10 -right-10 size-32 rounded-full bg-white/10" />
        <Icon className="relative size-16 text-white/90 drop-shadow md:size-28" strokeWidth={1.5} />
      </div>
    </article>
  );
}

/** Section 1 of the home page: the page's h1 and the hero carousel. */
export function Hero() {
  const storeProfile = useStoreProfile();
  const parallax = useParallaxFade();
  return (
    <section
      aria-labelledby="accueil-titre"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white px-4 dark:from-ink-900 dark:to-ink-950"
    >
      <div
        ref={parallax}
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_15%_10%,rgba(34,211,238,0.28),transparent_45%),radial-gradient(circle_at_90%_35%,rgba(59,130,246,0.2),transparent_40%)]"
      />
      <div className="relative mx-auto max-w-6xl pt-8 pb-12 sm:pt-14">
        <p className="mb-2 text-sm font-semibold tracking-wide text-brand-800 uppercase dark:text-brand-300">
          Atelier de réparation à {storeProfile.address.city}
        </p>
        <h1 id="accueil-titre" className="max-w-4xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
          Réparation de smartphones, tablettes, consoles et ordinateurs sur le bassin d’Arcachon
        </h1>
        <Carousel
          className="mt-8"
          label="Nos réparations à la une"
          slides={heroSlides.map((slide) => (
            <HeroSlideCard key={slide.title} slide={slide} />
          ))}
          slideNames={heroSlides.map((slide) => slide.title)}
          autoplay={7000}
          pauseOnHover
        />
      </div>
    </section>
  );
}
