/** What the app's frame places: the header button and the page (which loads itself when opened). */
export { DrillsButton } from './DrillsButton';
export { DrillsPage } from './DrillsPage';
