import ArrowRight from 'lucide-react/icons/arrow-right';
import { Link } from 'react-router';
import { Carousel } from '../../../../components/ui/carousel';
import { serviceSlides, type ServiceSlide } from '../../content/home-sections';
import { Section } from './section';

const price = (euros: number) => `${euros}\u00a0€`;

function ServiceCard({ service }: { service: ServiceSlide }) {
  const Icon = service.icon;
  return (
    <article className="grid w-full overflow-hidden rounded-3xl border border-slate-200 bg-white sm:grid-cols-[14rem_1fr] dark:border-slate-700 dark:bg-ink-900">
      <div aria-hidden="true" className={`flex h-24 items-center justify-center bg-gradient-to-br sm:h-auto ${service.art}`}>
        <Icon className="size-14 text-white/90" strokeWidth={1.5} />
      </div>
      <div className="p-6 sm:p-8">
        <h3 className="text-2xl font-bold">{service.name}</h3>
        <p className="mt-1 text-lg text-slate-700 dark:text-slate-300">
          À partir de <strong className="text-2xl font-extrabold text-brand-800 dark:text-brand-300">{price(service.price)}</strong>
        </p>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{service.description}</p>
        <Link
          to="/devis-en-ligne"
          className="mt-5 inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline underline-offset-4 hover:no-underline dark:text-brand-300"
        >
          Demander un devis<span className="sr-only">&nbsp;: {service.name}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </article>
  );
}

/** The 5-slide services carousel (starting prices, every 5 s). */
export function ServicesCarousel() {
  return (
    <Section id="services-titre" eyebrow="Nos tarifs" title="Nos services de réparation" tinted>
      <Carousel
        className="mx-auto max-w-3xl"
        label="Services et prix de départ"
        slides={serviceSlides.map((service) => (
          <ServiceCard key={service.name} service={service} />
        ))}
        slideNames={serviceSlides.map((service) => `${service.name}, à partir de ${price(service.price)}`)}
        autoplay={5000}
        pauseOnHover
      />
    </Section>
  );
}
