/** Rendered in the browser only (the token is in the address): the server sends the layout and the loading state. */
import { BookingManagePage } from '../../features/bookings/pages/booking-manage-page';
import { clientOnlyLoader, PageLoading } from '../client-only';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;
export const clientLoader = clientOnlyLoader;
export const HydrateFallback = PageLoading;

export default function Page() {
  return <BookingManagePage />;
}
