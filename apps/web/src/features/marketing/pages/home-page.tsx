import { deferredSection } from '../../../components/deferred-section';
import { CategoryGrid } from '../components/home/category-grid';
import { Hero } from '../components/home/hero';

/**
 * The landing page (spec 3 §2): sections 1-8 and the other home elements. The whole page is in the
 * prerendered HTML; the code of what lies below the first screen loads when the visitor scrolls
 * there, part by part (the landing page must be light on a phone).
 */
const Services = deferredSection('accueil-services', () =>
  import('../components/home/services-carousel').then((m) => ({ default: m.ServicesCarousel })),
);
const BelowTheFold = deferredSection('accueil-suite', () => import('../components/home/below-the-fold'));

export function HomePage() {
  return (
    <>
      <Hero />
      <CategoryGrid />
      <Services />
      <BelowTheFold />
    </>
  );
}
