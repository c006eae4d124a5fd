import type { SessionUser } from '@erepare/shared/schemas/auth';

/** The signed-in customer's dashboard (tabs repairs, orders, invoices, profile, notifications). */
export function AccountDashboard({ user }: { user: SessionUser }) {
  return <p>Bonjour {user.first_name}</p>;
}
