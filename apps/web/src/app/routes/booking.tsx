import type { LoaderFunctionArgs } from 'react-router';
import { webServicesKey } from '@erepare/shared/web-context';
import { BookingPage } from '../../features/bookings/pages/booking-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

/** Whether the shop sends service SMS (issue 24 §5): the form then offers its SMS box. */
export function loader({ context }: LoaderFunctionArgs): { smsEnabled: boolean } {
  return { smsEnabled: context.get(webServicesKey)?.smsEnabled ?? false };
}

export default function Page({ loaderData }: { loaderData: { smsEnabled: boolean } | undefined }) {
  return <BookingPage smsEnabled={loaderData?.smsEnabled ?? false} />;
}
