/** Placeholder until its page lands (issue 13). */
export default function StandaloneComponentPage() {
  return <p>Not built yet</p>;
}
