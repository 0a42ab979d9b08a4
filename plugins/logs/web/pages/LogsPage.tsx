/** Placeholder until its page lands (issue 13). */
export default function LogsPage() {
  return <p>Not built yet</p>;
}
