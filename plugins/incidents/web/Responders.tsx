export function Responders() {
  return null;
}
