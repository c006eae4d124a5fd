import { MaintenanceNotice } from '../../../components/maintenance-notice';

export function MaintenancePage() {
  return <MaintenanceNotice />;
}
