/** Placeholder until its page lands (issue 13). */
export default function TopologySettingsPage() {
  return <p>Not built yet</p>;
}
