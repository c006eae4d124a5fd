import { ClosingBlock } from './closing-block';
import { HomeFaq } from './home-faq';
import { HowItWorks } from './how-it-works';
import { PromoBlock } from './promo-block';
import { RepairCentre } from './repair-centre';
import { RepairSelector } from './repair-selector';
import { ReviewsCarousel } from './reviews-carousel';
import { Statistics } from './statistics';
import { TestimonialsCarousel } from './testimonials-carousel';

/**
 * The home page from its repair centre down: its code loads when the visitor scrolls there (the
 * services carousel above it, often on the first screen of a phone, is a part of its own).
 */
export default function BelowTheFold() {
  return (
    <>
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
