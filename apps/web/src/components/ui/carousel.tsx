import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type FocusEvent, type ReactNode } from 'react';
import type { EmblaCarouselType } from 'embla-carousel';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import { buttonClasses } from './button';

type CarouselProps = {
  /** Accessible name of the carousel region, e.g. « Nos services ». */
  label: string;
  /** One node per slide; the first one is the one shown in the static HTML. */
  slides: ReactNode[];
  /** Name of each slide for its dot and thumbnail buttons (default « Diapositive 2 »). */
  slideNames?: string[];
  /** Auto-advance interval in milliseconds; omitted: no automatic rotation. */
  autoplay?: number;
  /** Stop rotating while the pointer is over the carousel. */
  pauseOnHover?: boolean;
  /** Visible content of a thumbnail button per slide; omitted: no thumbnails. */
  thumbnail?: (index: number) => ReactNode;
  /** Show only the thumbnails within this many positions of the current slide. */
  thumbnailRange?: number;
  className?: string;
};

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const readReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;

/**
 * Whether the visitor asked for reduced motion. The static HTML and the hydration assume « yes »
 * (nothing moves before the browser has been asked).
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, readReducedMotion, () => true);
}

/** Embla is asked for this long before the first automatic move is due. */
const EMBLA_LEAD_MS = 2500;

/**
 * Embla (and its autoplay plugin) loaded on demand (`wanted`), attached to the viewport element
 * and destroyed with the component.
 */
function useLazyEmbla(wanted: boolean, autoplay: number | undefined) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  useEffect(() => {
    if (!wanted) return undefined;
    let instance: EmblaCarouselType | undefined;
    let cancelled = false;
    void Promise.all([import('embla-carousel'), autoplay ? import('embla-carousel-autoplay') : null]).then(([core, autoplayModule]) => {
      if (cancelled || !viewportRef.current) return;
      const plugins = autoplayModule
        ? [autoplayModule.default({ delay: autoplay, playOnInit: false, stopOnInteraction: false, stopOnFocusIn: false, stopOnMouseEnter: false })]
        : [];
      instance = core.default(viewportRef.current, { loop: true, duration: 30 }, plugins);
      setApi(instance);
    });
    return () => {
      cancelled = true;
      instance?.destroy();
      setApi(undefined);
    };
  }, [wanted, autoplay]);
  return [viewportRef, api] as const;
}

/**
 * The site's one carousel (Embla): loops both ways, arrows, dots, optional thumbnails and
 * optional rotation with a visible pause/play button (WCAG 2.2.2). Rotation stops while the
 * pointer is over it (option) or keyboard focus is inside it, and never starts by itself under
 * prefers-reduced-motion. Only the current slide is reachable (others are `inert`); every slide
 * is in the HTML side by side, so the height never changes when it moves.
 */
export function Carousel({
  label,
  slides,
  slideNames,
  autoplay,
  pauseOnHover = false,
  thumbnail,
  thumbnailRange,
  className = '',
}: CarouselProps) {
  const count = slides.length;
  const rotates = Boolean(autoplay) && count > 1;
  const reducedMotion = useReducedMotion();
  // Embla is loaded when first needed: a touch, the pointer or focus on the carousel, a button, or
  // shortly before the first automatic move. Until then the first slide stands as it was rendered.
  const [wanted, setWanted] = useState(false);
  const [viewportRef, api] = useLazyEmbla(wanted, rotates ? autoplay : undefined);
  const pending = useRef<'prev' | 'next' | number | null>(null);
  const [selected, setSelected] = useState(0);
  // 'auto': rotate unless reduced motion is asked; 'paused'/'playing': the visitor's own choice.
  const [choice, setChoice] = useState<'auto' | 'paused' | 'playing'>('auto');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const wantsRotation = rotates && (choice === 'playing' || (choice === 'auto' && !reducedMotion));
  const rotating = wantsRotation && !(pauseOnHover && hovered) && !focused;

  useEffect(() => {
    if (!wanted && rotates && !reducedMotion && autoplay) {
      const timer = setTimeout(() => setWanted(true), Math.max(1000, autoplay - EMBLA_LEAD_MS));
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [wanted, rotates, reducedMotion, autoplay]);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on('select', onSelect).on('reInit', onSelect);
    return () => {
      api.off('select', onSelect).off('reInit', onSelect);
    };
  }, [api]);

  // The first automatic move keeps the rhythm counted from the display, however late Embla came.
  const firstMoveAt = useRef(0);
  useEffect(() => {
    if (autoplay) firstMoveAt.current = Date.now() + autoplay;
  }, [autoplay]);

  useEffect(() => {
    const plugin = api?.plugins().autoplay;
    if (!api || !plugin || api.scrollSnapList().length < 2) return;
    let first: ReturnType<typeof setTimeout> | undefined;
    const apply = () => {
      clearTimeout(first);
      if (!rotating) {
        plugin.stop();
        return;
      }
      const due = firstMoveAt.current - Date.now();
      if (due > 0 && due < (autoplay ?? 0)) {
        first = setTimeout(() => {
          // A slide chosen by hand meanwhile has restarted the rhythm (see go).
          if (firstMoveAt.current !== 0) api.scrollNext(reducedMotion);
          firstMoveAt.current = 0;
          plugin.play();
        }, due);
      } else {
        plugin.play();
      }
    };
    apply();
    // A drag stops the plugin and its release restarts it: keep to this component's state.
    api.on('pointerUp', apply);
    return () => {
      clearTimeout(first);
      api.off('pointerUp', apply);
      plugin.stop();
    };
  }, [api, rotating, autoplay, reducedMotion]);

  const go = useCallback(
    (move: 'prev' | 'next' | number) => {
      if (!api) {
        // The first press loads Embla; the move is made as soon as it is there.
        pending.current = move;
        setWanted(true);
        return;
      }
      if (move === 'prev') api.scrollPrev(reducedMotion);
      else if (move === 'next') api.scrollNext(reducedMotion);
      else api.scrollTo(move, reducedMotion);
      // A new slide chosen by hand gets its full display time.
      firstMoveAt.current = 0;
      api.plugins().autoplay?.reset();
    },
    [api, reducedMotion],
  );

  useEffect(() => {
    if (!api || pending.current === null) return;
    const move = pending.current;
    pending.current = null;
    go(move);
  }, [api, go]);

  // Keyboard focus only: focus given by a click (between pointer down and up) must not freeze
  // the rotation until the visitor clicks elsewhere; hovering covers the pointer.
  const pointerDown = useRef(false);
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    if (!pointerDown.current && (event.target as HTMLElement).dataset.rotation === undefined) setFocused(true);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as HTMLElement | null;
    if (!next || !event.currentTarget.contains(next) || next.dataset.rotation !== undefined) setFocused(false);
  };

  const nameOf = (index: number) => slideNames?.[index] ?? `Diapositive ${index + 1}`;
  const inRange = (index: number) => thumbnailRange === undefined || Math.abs(index - selected) <= thumbnailRange;
  const roundButton = buttonClasses('secondary', 'size-11 shrink-0 rounded-full px-0');

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={className}
      onMouseEnter={() => {
        setHovered(true);
        setWanted(true);
      }}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => {
        setWanted(true);
        onFocus(event);
      }}
      onBlur={onBlur}
      onTouchStart={() => setWanted(true)}
      onPointerDown={() => (pointerDown.current = true)}
      onPointerUp={() => (pointerDown.current = false)}
      onPointerCancel={() => (pointerDown.current = false)}
    >
      {/* Positioned, so that it also clips what is absolutely placed in the slides (the
          screen-reader-only texts): otherwise the slides waiting on the right widen the whole
          page on a phone, which then scrolls sideways. */}
      <div ref={viewportRef} className="relative overflow-hidden">
        <div className="flex touch-pan-y" aria-live={rotating ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              // Static slides: their position is their identity.
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} sur ${count}`}
              inert={index !== selected}
              className="flex min-w-0 shrink-0 grow-0 basis-full"
            >
              {slide}
            </div>
          ))}
        </div>
      </div>

      {count > 1 ? (
        <div className="mt-4 flex flex-wrap items-center justify-center gap-2">
          {rotates ? (
            <button
              type="button"
              data-rotation=""
              className={roundButton}
              aria-label={wantsRotation ? 'Mettre en pause le défilement' : 'Lancer le défilement'}
              onClick={() => setChoice(wantsRotation ? 'paused' : 'playing')}
            >
              {wantsRotation ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
            </button>
          ) : null}
          <button type="button" className={roundButton} aria-label="Diapositive précédente" onClick={() => go('prev')}>
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <ul className="flex items-center" aria-label="Choisir une diapositive">
            {slides.map((_, index) => (
              <li key={index}>
                <button
                  type="button"
                  className="group grid size-8 place-items-center rounded-full"
                  aria-label={nameOf(index)}
                  aria-current={index === selected ? 'true' : undefined}
                  onClick={() => go(index)}
                >
                  <span
                    aria-hidden="true"
                    className={`block size-2.5 rounded-full transition-transform ${
                      index === selected
                        ? 'scale-x-[2.4] bg-brand-700 dark:bg-brand-300'
                        : 'bg-slate-500 group-hover:bg-slate-700 dark:bg-slate-400 dark:group-hover:bg-slate-200'
                    }`}
                  />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className={roundButton} aria-label="Diapositive suivante" onClick={() => go('next')}>
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      ) : null}

      {thumbnail && count > 1 ? (
        <ul className="mt-4 flex min-h-16 flex-wrap items-center justify-center gap-2" aria-label="Miniatures">
          {slides.map((_, index) => (
            // Out of range: invisible (neither seen, focused nor read) but keeps its place, so the
            // row never shifts.
            <li key={index} style={inRange(index) ? undefined : { visibility: 'hidden' }}>
              <button
                type="button"
                className={`flex min-h-14 items-center gap-2 rounded-xl border px-3 py-2 text-sm font-semibold transition-colors ${
                  index === selected
                    ? 'border-brand-700 bg-brand-50 text-brand-800 dark:border-brand-300 dark:bg-ink-800 dark:text-brand-300'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-200 dark:hover:bg-ink-800'
                }`}
                aria-label={nameOf(index)}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => go(index)}
              >
                {thumbnail(index)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
