import { TrackingView } from '../components/tracking-view';

export function TrackingPage() {
  return (
    <TrackingView subtitle="Suivez l’avancement des réparations confiées à l’atelier&nbsp;: recherchez votre ticket ou parcourez le tableau des 14 derniers jours." />
  );
}
