import { InstallBanner } from '../../features/install/install-banner';
import { RootLayout } from '../../features/layout/root-layout';

/** The root layout and the install banner (a feature never imports another: both meet here). */
export default function AppLayout() {
  return (
    <>
      <RootLayout />
      <InstallBanner />
    </>
  );
}
