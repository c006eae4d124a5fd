import { CategoryGrid } from '../components/home/category-grid';
import { ClosingBlock } from '../components/home/closing-block';
import { Hero } from '../components/home/hero';
import { HomeFaq } from '../components/home/home-faq';
import { HowItWorks } from '../components/home/how-it-works';
import { PromoBlock } from '../components/home/promo-block';
import { RepairCentre } from '../components/home/repair-centre';
import { RepairSelector } from '../components/home/repair-selector';
import { ReviewsCarousel } from '../components/home/reviews-carousel';
import { ServicesCarousel } from '../components/home/services-carousel';
import { Statistics } from '../components/home/statistics';
import { TestimonialsCarousel } from '../components/home/testimonials-carousel';

/**
 * The landing page (spec 3 §2): sections 1-8 and the other home elements, all plain components
 * so the prerendered HTML holds the whole page.
 */
export function HomePage() {
  return (
    <>
      <Hero />
      <CategoryGrid />
      <ServicesCarousel />
      <RepairCentre />
      <RepairSelector />
      <HowItWorks />
      <Statistics />
      <ReviewsCarousel />
      <TestimonialsCarousel />
      <PromoBlock />
      <HomeFaq />
      <ClosingBlock />
    </>
  );
}
