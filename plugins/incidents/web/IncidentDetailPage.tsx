export default function IncidentDetailPage() {
  return null;
}
