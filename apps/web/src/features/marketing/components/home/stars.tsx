import Star from 'lucide-react/icons/star';

/** A 1-5 star rating, read out as « Note : 4 sur 5 ». */
export function Stars({ rating }: { rating: number }) {
  return (
    <p role="img" aria-label={`Note\u00a0: ${rating} sur 5`} className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={`size-5 ${star <= rating ? 'fill-amber-400 text-amber-500 dark:text-amber-400' : 'fill-none text-slate-400 dark:text-slate-500'}`}
        />
      ))}
    </p>
  );
}
