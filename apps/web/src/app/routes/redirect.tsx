import { redirect, type LoaderFunctionArgs } from 'react-router';
import { normalisePath, redirects } from '@erepare/shared/routes';

/** Legacy paths move permanently to their page, query string kept. */
export function loader({ url }: LoaderFunctionArgs) {
  // `url`: the page's address (a client navigation's data request is normalised to it).
  return redirect(`${redirects[normalisePath(url.pathname)] ?? '/'}${url.search}`, 301);
}

export default function Redirect() {
  return null;
}
