import { TrackingView } from '../components/tracking-view';

export function TrackingModernPage() {
  return (
    <TrackingView subtitle="Nouvelle version du suivi&nbsp;: retrouvez votre ticket par son numéro et suivez les réparations des 14 derniers jours, sur ordinateur comme sur mobile." />
  );
}
