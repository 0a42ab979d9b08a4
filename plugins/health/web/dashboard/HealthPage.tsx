/** Placeholder while the page is being built (issue 4). */
export default function Placeholder() {
  return <p>Not built yet.</p>;
}
