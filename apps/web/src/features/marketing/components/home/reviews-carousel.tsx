import BadgeCheck from 'lucide-react/icons/badge-check';
import Quote from 'lucide-react/icons/quote';
import { Carousel } from '../../../../components/ui/carousel';
import { reviews, reviewsNotice, type Review } from '../../content/home-sections';
import { Section } from './section';
import { Stars } from './stars';

export function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="flex w-full flex-col rounded-3xl border border-slate-200 bg-white p-6 sm:p-8 dark:border-slate-700 dark:bg-ink-900">
      <div className="flex items-center justify-between gap-3">
        <Stars rating={review.rating} />
        <Quote aria-hidden="true" className="size-8 text-brand-700 dark:text-brand-300" />
      </div>
      <blockquote className="mt-4 flex-1 text-lg text-slate-800 dark:text-slate-200">
        <p>«&nbsp;{review.text}&nbsp;»</p>
      </blockquote>
      <figcaption className="mt-5 flex flex-wrap items-center justify-between gap-2">
        <span className="font-bold">{review.name}</span>
        {review.verified ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
            <BadgeCheck aria-hidden="true" className="size-4" />
            Avis vérifié
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

/** Section 6: customer reviews, with arrows and dots. */
export function ReviewsCarousel() {
  return (
    <Section id="avis-titre" eyebrow="Ils nous ont fait confiance" title="Avis de nos clients">
      <Carousel
        className="mx-auto max-w-3xl"
        label="Avis clients"
        slides={reviews.map((review) => (
          <ReviewCard key={review.name} review={review} />
        ))}
        slideNames={reviews.map((review) => `Avis de ${review.name}`)}
        autoplay={6000}
        pauseOnHover
      />
      <p className="mx-auto mt-4 max-w-3xl text-center text-sm text-slate-600 dark:text-slate-400">{reviewsNotice}</p>
    </Section>
  );
}
