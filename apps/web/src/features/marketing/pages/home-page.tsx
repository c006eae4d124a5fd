import { Suspense } from 'react';
import { lazyComponent } from '../../../lib/lazy-component';
import { CategoryGrid } from '../components/home/category-grid';
import { Hero } from '../components/home/hero';

/**
 * The landing page (spec 3 §2): sections 1-8 and the other home elements. The whole page is in the
 * server-rendered HTML; the code of what lies below the first screen is its own chunk (React keeps
 * the server's HTML of a part whose code has not come yet, and hydrates it once it has).
 */
const Services = lazyComponent(() => import('../components/home/services-carousel').then((m) => ({ default: m.ServicesCarousel })));
const BelowTheFold = lazyComponent(() => import('../components/home/below-the-fold'));

export function HomePage() {
  return (
    <>
      <Hero />
      <CategoryGrid />
      <div id="accueil-services">
        <Suspense fallback={null}>
          <Services />
        </Suspense>
      </div>
      <div id="accueil-suite">
        <Suspense fallback={null}>
          <BelowTheFold />
        </Suspense>
      </div>
    </>
  );
}
