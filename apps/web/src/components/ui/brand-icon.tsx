import type { SimpleIcon } from 'simple-icons';

type BrandIconProps = { icon: SimpleIcon; className?: string };

/** A brand logo (simple-icons, CC0), decorative: the link around it carries the accessible name. */
export function BrandIcon({ icon, className = 'size-5' }: BrandIconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className} fill="currentColor">
      <path d={icon.path} />
    </svg>
  );
}
