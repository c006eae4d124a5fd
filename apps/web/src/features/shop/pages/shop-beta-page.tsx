import { FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { RestrictedShopNotice } from '../../../components/restricted-shop-notice';
import { useSiteSettings } from '../../../lib/site-settings';
import { Catalogue } from '../components/catalogue';
import { PRODUCT_WARRANTY_MONTHS } from '@erepare/shared/warranty';

function BetaNotice() {
  return (
    <aside
      aria-label="Boutique en version bêta"
      className="mb-5 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>
        <strong>Boutique en version bêta.</strong> Vous pouvez déjà commander&nbsp;; de nouvelles fonctions arrivent bientôt. Une
        question sur un produit&nbsp;? <Link to="/contact" className="font-semibold underline underline-offset-2">Contactez l’atelier</Link>.
      </p>
    </aside>
  );
}

/**
 * /boutique-beta (spec 1 §2, "beta notice variant"): the same catalogue under a beta notice. While
 * the shop is closed for maintenance it shows the restricted-access notice (spec 1 §4), as /boutique does.
 */
export function ShopBetaPage() {
  const settings = useSiteSettings();
  const closed = Boolean(settings.data?.shopMaintenanceMode);
  if (closed) return <RestrictedShopNotice />;
  return (
    <Catalogue
      title="Boutique"
      notice={<BetaNotice />}
      lead={`Smartphones reconditionnés garantis ${PRODUCT_WARRANTY_MONTHS}\u00a0mois et accessoires, expédiés sous 24 h ou à retirer à l’atelier de Gujan-Mestras.`}
    />
  );
}
