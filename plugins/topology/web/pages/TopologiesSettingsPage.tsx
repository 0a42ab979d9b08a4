/** Placeholder until its page lands (issue 13). */
export default function TopologiesSettingsPage() {
  return <p>Not built yet</p>;
}
