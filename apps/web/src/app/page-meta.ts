/**
 * The head of every page (title, description, robots, canonical address, link previews) from the
 * route table, the site settings and the page's own data, as React Router's `meta` (framework
 * mode). Only the deepest route's `meta` is rendered, so each page module exports this one.
 */
import { useLocation, type MetaDescriptor } from 'react-router';
import { isSettingUp } from '@erepare/shared/go-live';
import { matchRoute, normalisePath, PAYMENT_CSP_META, routeTitle } from '@erepare/shared/routes';
import type { SiteSettings } from '@erepare/shared/site-settings';
import type { StoreProfile } from '@erepare/shared/store-profile';

/** What the root loader gives every page (root.tsx). */
export type RootData = {
  settings: SiteSettings;
  storeProfile: StoreProfile;
  publicUrl: string;
  /** The document's CSP allows the payment providers (PAYMENT_CSP_META). */
  paymentReady: boolean;
};

/** What a page adds to its head (a product page: its product). */
export type PageHeadExtra = { title?: string; description?: string; image?: string | null; type?: 'product'; noindex?: boolean };

/** The picture of a link to the site (the app icon, 512 px). */
const SHARE_IMAGE = '/icons/icon-512.png';
const ADMIN_PATH = '/admin-dashboard';

type MetaArgs = {
  location: { pathname: string };
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
};

export function rootData(matches: MetaArgs['matches']): RootData | undefined {
  return matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
}

function absolute(address: string, base: string): string {
  try {
    return new URL(address, base).href;
  } catch {
    return base ? `${base}${SHARE_IMAGE}` : SHARE_IMAGE;
  }
}

/** The head of the page at `location`, as the server's first answer and every navigation show it. */
export function pageHead({ location, matches }: MetaArgs, extra: PageHeadExtra = {}): MetaDescriptor[] {
  const root = rootData(matches);
  if (!root) return [];
  const { settings, publicUrl } = root;
  const pathname = normalisePath(location.pathname);
  const match = matchRoute(pathname);
  const maintenance = settings.maintenanceMode && pathname !== ADMIN_PATH;
  const pageTitle = maintenance ? 'Site en maintenance' : (extra.title ?? routeTitle(match));
  const title = pageTitle ? `${pageTitle} | ${settings.title}` : settings.title;
  const description =
    (maintenance ? undefined : extra.description?.trim() || (match.kind === 'page' ? match.route.description : undefined)) ?? settings.description;
  // A real site whose store profile still holds example values stays out of search engines (issue 23 §2).
  const settingUp = isSettingUp(root.storeProfile, publicUrl);
  const noindex = maintenance || settingUp || match.kind !== 'page' || match.route.noindex === true || extra.noindex === true;
  const canonical = noindex || match.kind !== 'page' ? null : `${publicUrl}${match.route.canonical ?? pathname}`;
  return [
    { title },
    { name: 'description', content: description },
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    ...(canonical ? [{ tagName: 'link', rel: 'canonical', href: canonical }] : []),
    // Link previews (social networks, messaging apps): Open Graph, read from the server's HTML.
    { property: 'og:type', content: extra.type ?? 'website' },
    { property: 'og:site_name', content: settings.title },
    { property: 'og:locale', content: 'fr_FR' },
    { property: 'og:title', content: pageTitle ?? settings.title },
    { property: 'og:description', content: description },
    ...(canonical ? [{ property: 'og:url', content: canonical }] : []),
    { property: 'og:image', content: absolute(extra.image ?? SHARE_IMAGE, publicUrl) },
    { name: 'twitter:card', content: 'summary' },
    ...(root.paymentReady ? [{ name: PAYMENT_CSP_META, content: '1' }] : []),
  ];
}

/** A page's `meta` export: the head from the route table and the settings. */
export const pageMeta = (args: MetaArgs): MetaDescriptor[] => pageHead(args);

/** The slug of the service or landing page at the current address (from the route table). */
export function usePageSlug(): string {
  const match = matchRoute(useLocation().pathname);
  return match.kind === 'page' ? (match.route.slug ?? '') : '';
}
