/** Placeholder until its page lands (issue 13). */
export default function TopologyPage() {
  return <p>Not built yet</p>;
}
