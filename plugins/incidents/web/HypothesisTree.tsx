export function HypothesisTree() {
  return null;
}
