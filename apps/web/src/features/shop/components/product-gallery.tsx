import { useState } from 'react';
import type { Product } from '@erepare/shared/schemas/shop';
import { ProductImage } from '../../../components/product-image';

/**
 * Main picture and, when there are several, thumbnails as buttons (Tab, Enter/Space, and the
 * arrow keys move between them). Without any picture: the category icon, said to be "non disponible".
 */
export function ProductGallery({ product }: { product: Product }) {
  const [index, setIndex] = useState(0);
  const images = product.images;
  const current = images[Math.min(index, Math.max(0, images.length - 1))];
  const frame = 'overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-ink-900';

  const onKeyDown = (event: React.KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = (index + (event.key === 'ArrowRight' ? 1 : -1) + images.length) % images.length;
    setIndex(next);
    event.currentTarget.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  return (
    <div>
      <div className={frame}>
        <ProductImage
          src={current?.src}
          alt={current?.alt || product.name}
          category={product.category}
          name={product.name}
          priority
          aspect="aspect-[4/3] md:aspect-square"
          iconClassName="size-2/5"
        />
      </div>
      {images.length > 1 ? (
        <ul aria-label="Photos du produit" className="mt-3 flex gap-2 overflow-x-auto pb-1" onKeyDown={onKeyDown}>
          {images.map((image, position) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(position)}
                aria-pressed={position === index}
                aria-label={`Photo ${position + 1} sur ${images.length}${image.alt ? `\u00a0: ${image.alt}` : ''}`}
                className={`block size-16 overflow-hidden rounded-lg border-2 sm:size-20 ${
                  position === index ? 'border-brand-700 dark:border-brand-300' : 'border-slate-200 dark:border-slate-700'
                }`}
              >
                <ProductImage src={image.src} alt="" category={product.category} name={product.name} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
