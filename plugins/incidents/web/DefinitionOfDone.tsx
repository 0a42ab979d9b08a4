export function DefinitionOfDone() {
  return null;
}
