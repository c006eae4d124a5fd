import { Suspense } from 'react';
import type { SessionUser } from '@erepare/shared/schemas/auth';
import { ButtonLink } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { useFeatureSlots } from '../../../../lib/feature-slots';
import { useDashboardTab } from '../../hooks/dashboard-tab';
import { DashboardHeader, VerificationNotice } from './dashboard-header';
import { DashboardTabs, panelId, tabId } from './dashboard-tabs';
import { InvoicesTab } from './invoices-tab';
import { NotificationsTab } from './notifications-tab';
import { OrdersTab } from './orders-tab';
import { ProfileTab } from './profile-tab';
import { RepairsTab } from './repairs-tab';
import { TicketFromAddress } from './ticket-dialog';

/**
 * The signed-in customer's dashboard (spec 1 §2): tabs repairs (default), bookings (issue 24 §3),
 * orders, invoices, profile and notifications, the selected one in `?tab=`; `?ticket=` opens one of the user's
 * own tickets whatever the tab. It is a block of the /compte page, which owns the h1.
 */
export function AccountDashboard({ user }: { user: SessionUser }) {
  const [tab, setTab] = useDashboardTab();

  return (
    // The page around it (pages/account-page.tsx) gives the width, the padding and the h1 "Mon compte".
    <div data-testid="account-dashboard" className="space-y-6">
      <DashboardHeader user={user} />
      {!user.email_verified ? <VerificationNotice user={user} /> : null}
      <TicketFromAddress user={user} />
      <div>
        <DashboardTabs value={tab} onChange={setTab} />
        <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} tabIndex={0} className="pt-6 outline-none focus-visible:outline-2">
          {tab === 'repairs' ? (
            <div className="space-y-10">
              <EstimatesSlot user={user} />
              <RepairsTab user={user} />
            </div>
          ) : null}
          {tab === 'bookings' ? <BookingsSlot user={user} /> : null}
          {tab === 'orders' ? <OrdersTab /> : null}
          {tab === 'invoices' ? <InvoicesTab user={user} /> : null}
          {tab === 'profile' ? <ProfileTab /> : null}
          {tab === 'notifications' ? <NotificationsTab user={user} /> : null}
        </div>
      </div>
    </div>
  );
}

/** « Mes devis » (issue 24 §1) from the estimates feature, through the app's slot; nothing without it (this feature's own tests). */
function EstimatesSlot({ user }: { user: SessionUser }) {
  const { AccountEstimates } = useFeatureSlots();
  if (!AccountEstimates) return null;
  return (
    <Suspense fallback={<Spinner label="Chargement de vos devis…" />}>
      <AccountEstimates user={user} />
    </Suspense>
  );
}

/** « Mes rendez-vous » (issue 24 §3) from the bookings feature, through the app's slot; without it (this feature's own tests), a link to book. */
function BookingsSlot({ user }: { user: SessionUser }) {
  const { AccountBookings } = useFeatureSlots();
  if (AccountBookings) {
    return (
      <Suspense fallback={<Spinner label="Chargement de vos rendez-vous…" />}>
        <AccountBookings user={user} />
      </Suspense>
    );
  }
  return (
    <section aria-labelledby="bookings-heading" className="space-y-5">
      <h2 id="bookings-heading" className="text-2xl font-bold tracking-tight">
        Mes rendez-vous
      </h2>
      <ButtonLink to="/rendez-vous">Prendre rendez-vous</ButtonLink>
    </section>
  );
}
