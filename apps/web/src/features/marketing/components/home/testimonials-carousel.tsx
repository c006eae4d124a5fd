import { withTown } from '@erepare/shared/format';
import MapPin from 'lucide-react/icons/map-pin';
import { Carousel } from '../../../../components/ui/carousel';
import { testimonials, type Testimonial } from '../../content/home-sections';
import { Section } from './section';

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex w-full flex-col rounded-3xl bg-gradient-to-br from-brand-700 to-blue-900 p-6 text-white sm:p-8">
      <p className="text-sm font-semibold tracking-wide text-cyan-100 uppercase">{testimonial.device}</p>
      <blockquote className="mt-3 flex-1 text-xl font-medium">
        <p>«&nbsp;{testimonial.text}&nbsp;»</p>
      </blockquote>
      <figcaption className="mt-5 flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-bold">{testimonial.name}</span>
        <span className="inline-flex items-center gap-1 text-cyan-50">
          <MapPin aria-hidden="true" className="size-4" />
          {testimonial.town}
        </span>
      </figcaption>
    </figure>
  );
}

/** Testimonials carousel: 6 stories, every 4 s. */
export function TestimonialsCarousel() {
  return (
    <Section id="temoignages-titre" eyebrow="Témoignages" title="Ils racontent leur réparation" tinted>
      <Carousel
        className="mx-auto max-w-3xl"
        label="Témoignages de clients"
        slides={testimonials.map((testimonial) => (
          <TestimonialCard key={testimonial.name} testimonial={testimonial} />
        ))}
        slideNames={testimonials.map((testimonial) => `Témoignage ${withTown('de', testimonial.name)}`)}
        autoplay={4000}
        pauseOnHover
      />
    </Section>
  );
}
