import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, makeStyles } from '@fluentui/react-components';
import { Changelog } from './Changelog';
import { DefinitionOfDone } from './DefinitionOfDone';
import { IncidentDetails } from './IncidentDetails';

const useStyles = makeStyles({ root: { minWidth: '320px', maxWidth: '420px' } });

/** Details, Definition of done and Changelog: one open at a time, Details first. */
export function IncidentSidePanel() {
  const styles = useStyles();
  return (
    <Accordion className={styles.root} collapsible defaultOpenItems="details">
      <AccordionItem value="details">
        <AccordionHeader>Details</AccordionHeader>
        <AccordionPanel>
          <IncidentDetails />
        </AccordionPanel>
      </AccordionItem>
      <AccordionItem value="dod">
        <AccordionHeader>Definition of done</AccordionHeader>
        <AccordionPanel>
          <DefinitionOfDone />
        </AccordionPanel>
      </AccordionItem>
      <AccordionItem value="changelog">
        <AccordionHeader>Changelog</AccordionHeader>
        <AccordionPanel>
          <Changelog />
        </AccordionPanel>
      </AccordionItem>
    </Accordion>
  );
}
