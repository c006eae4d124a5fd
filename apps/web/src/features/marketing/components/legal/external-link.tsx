import type { ReactNode } from 'react';

/** A link to another site: new tab, no opener, and a hint for screen-reader users. */
export function ExternalLink({ href, children, className = 'font-medium underline underline-offset-4' }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (nouvel onglet)</span>
    </a>
  );
}
