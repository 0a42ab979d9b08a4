export function ActionPlan() {
  return null;
}
