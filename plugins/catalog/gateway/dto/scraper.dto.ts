import { DocumentBodyDto } from '@gateway/core/documents';

/** A scraper as a YAML ScrapeConfig document (apiVersion configs.flanksource.com/v1), or as {name, namespace, labels, spec}. */
export class ScraperBodyDto extends DocumentBodyDto {}
