/**
 * The entry. Modules run in the order imported: the early install offer is caught first, then
 * the app (boot.tsx) hydrates a prerendered page or renders the others; React's selective
 * hydration and event replay take the taps made while it hydrates.
 */
import './early-install';
import './styles.css';
import './boot';
