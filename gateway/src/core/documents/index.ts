export { MAX_DOCUMENT_NODES, UserYamlError, assertExpandedSize, dumpYaml, loadUserYaml } from './user-yaml';
