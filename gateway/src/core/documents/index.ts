export { MAX_DOCUMENT_NODES, UserYamlError, assertExpandedSize, loadUserYaml } from './user-yaml';
