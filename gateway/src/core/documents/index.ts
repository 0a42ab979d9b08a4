export { MAX_DOCUMENT_NODES, UserYamlError, assertExpandedSize, dumpYaml, loadUserYaml } from './user-yaml';
export { fieldOfProblem, locateProblems, toSegments, type DocumentProblem, type ProblemPath } from './problems';
export { DocumentBodyDto, DocumentError, documentReader } from './document-body';
