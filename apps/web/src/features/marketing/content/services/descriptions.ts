import { servicePages } from '@erepare/shared/routes';

/**
 * One sentence per service page (≤ 160 characters), kept in the route table (the server sets it
 * as the page's meta description): used here for the structured data.
 */
export const serviceDescriptions: Readonly<Record<string, string>> = Object.fromEntries(servicePages.map((page) => [page.slug, page.description]));
