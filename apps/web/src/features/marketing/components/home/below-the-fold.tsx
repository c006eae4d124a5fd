import { ClosingBlock } from './closing-block';
import { HomeFaq } from './home-faq';
import { HowItWorks } from './how-it-works';
import { PromoBlock } from './promo-block';
import { RepairCentre } from './repair-centre';
import { RepairSelector } from './repair-selector';
import { ReviewsCarousel } from './reviews-carousel';
import { ServicesCarousel } from './services-carousel';
import { Statistics } from './statistics';
import { TestimonialsCarousel } from './testimonials-carousel';

/** The home page below its first screen: its code loads when the visitor scrolls to it. */
export default function BelowTheFold() {
  return (
    <>
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
