export { SCRAPER_TYPES } from './scraper-types';
