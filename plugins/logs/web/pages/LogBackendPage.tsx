/** Placeholder until its page lands (issue 13). */
export default function LogBackendPage() {
  return <p>Not built yet</p>;
}
