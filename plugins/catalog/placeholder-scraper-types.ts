/**
 * The scraper types of the spec 03 picker (Custom is the editor's Code tab, not a type). A plugin folder
 * `plugins/scraper-<id>` implements a type; until one does, the catalog contributes the id as a fallback on both
 * sides: the editor offers it and a document holding it saves, and a run of it ends with 'scraper type not
 * supported' in its job history, never with invented items.
 */
export const PLACEHOLDER_SCRAPER_TYPES = [
  { id: 'kubernetes', label: 'Kubernetes' },
  { id: 'azure', label: 'Azure' },
  { id: 'kubernetesFile', label: 'Kubernetes File' },
  { id: 'sql', label: 'SQL' },
  { id: 'trivy', label: 'Trivy' },
  { id: 'aws', label: 'AWS' },
  { id: 'file', label: 'File' },
  { id: 'githubActions', label: 'Github Actions' },
  { id: 'http', label: 'HTTP' },
  { id: 'azureDevops', label: 'Azure DevOps' },
] as const;
