import { createContext, useContext } from 'react';

/**
 * The site's public origin (PUBLIC_URL, e.g. `https://www.erepare.fr`), as the root loader gave
 * it: the absolute addresses of structured data and links to the site. Without a provider (unit
 * tests), the page's own origin.
 */
const PublicUrlContext = createContext<string>('');

export const PublicUrlProvider = PublicUrlContext.Provider;

export function usePublicOrigin(): string {
  const given = useContext(PublicUrlContext);
  return given || (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
}
