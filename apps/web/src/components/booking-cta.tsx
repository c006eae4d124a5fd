import { CalendarCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from './ui/button';

type BookingCtaProps = {
  /** The estimate's secret link token (the estimate page): the booking is linked to the estimate. */
  estimateToken?: string | undefined;
  /** The quote request's reference (the quote's success screen). */
  quoteReference?: string | undefined;
  label?: string;
  variant?: 'primary' | 'secondary';
};

/** The path of the booking page for an estimate or a quote request. */
export function bookingHref({ estimateToken, quoteReference }: Pick<BookingCtaProps, 'estimateToken' | 'quoteReference'> = {}): string {
  const params = new URLSearchParams();
  if (estimateToken) params.set('token', estimateToken);
  else if (quoteReference) params.set('demande', quoteReference);
  const query = params.toString();
  return query ? `/rendez-vous?${query}` : '/rendez-vous';
}

/** « Réserver un créneau de dépôt »: to /rendez-vous, carrying what the booking is for. */
export function BookingCta({ estimateToken, quoteReference, label = 'Réserver un créneau de dépôt', variant = 'primary' }: BookingCtaProps) {
  return (
    <Link to={bookingHref({ estimateToken, quoteReference })} className={buttonClasses(variant)}>
      <CalendarCheck aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}
