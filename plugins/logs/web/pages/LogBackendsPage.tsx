/** Placeholder until its page lands (issue 13). */
export default function LogBackendsPage() {
  return <p>Not built yet</p>;
}
