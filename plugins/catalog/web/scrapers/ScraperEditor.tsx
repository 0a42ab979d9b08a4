import { DocumentSearch20Regular } from '@fluentui/react-icons';
import { DocumentEditor, type DocumentEditorLabels } from '@web/core/editor/DocumentEditor';
import { ResourceFormTab } from '@web/core/editor/ResourceFormTab';
import { FieldSpecForm } from '@web/core/forms/FieldSpecForm';
import { usePluginRegistry } from '@web/core/plugin-host';
import { addScraper, newScraperModel, parseScraperYaml, toScraperYaml } from './scraperDocument';
import { type ScraperDocument, createScraper, deleteScraper, scraperKey, updateScraper, validateScraper } from './scrapersApi';

const LABELS: DocumentEditorLabels = {
  resource: 'scraper',
  entry: 'scraper',
  types: 'Scraper types',
  yaml: 'Scraper YAML',
  deleteTitle: 'Delete scraper',
  deleteMessage: (name) => `Delete ${name ?? 'this scraper'}? Its configs stay in the catalogue.`,
};

/** The scrape config's document is sent as written: `{yaml}`. */
const saveScraper = (id: string | null, _model: unknown, text: string) => (id ? updateScraper(id, text) : createScraper(text));

export interface ScraperEditorProps {
  /** null: a new scraper. */
  scraper: ScraperDocument | null;
  canWrite: boolean;
  /** Where Save, Cancel and Delete return to (the list the page was opened from). */
  listPath: string;
}

/**
 * The scraper editor (spec 03 resource spec editors, core `DocumentEditor`): the type picker (every
 * `catalog.scraperTypes` type, then Custom = Code tab), Form/Code tabs over one ScrapeConfig document (an existing
 * one opens on its stored text), Save/Update (`{yaml}`), Cancel and Delete. Rules are the gateway's.
 */
export function ScraperEditor({ scraper, canWrite, listPath }: ScraperEditorProps) {
  const types = usePluginRegistry().getExtensions('catalog.scraperTypes');
  return (
    <DocumentEditor
      stored={scraper}
      canWrite={canWrite}
      listPath={listPath}
      labels={LABELS}
      types={types}
      fallbackIcon={DocumentSearch20Regular}
      newModel={newScraperModel}
      toYaml={toScraperYaml}
      parse={parseScraperYaml}
      addEntry={addScraper}
      keepStoredText
      validate={validateScraper}
      save={saveScraper}
      remove={deleteScraper}
      listView="config_scrapers_with_status"
      resourceKey={scraperKey}
      formTab={({ existing, readOnly, validates }) => (
        <ResourceFormTab
          types={types}
          existing={existing}
          readOnly={readOnly}
          validates={validates}
          entry="scraper"
          schedule="freeform"
          entryForm={(type, name) =>
            type?.fields?.length ? <FieldSpecForm name={name} fields={type.fields} values="spec" layout="grid" disabled={readOnly} /> : null
          }
        />
      )}
    />
  );
}
