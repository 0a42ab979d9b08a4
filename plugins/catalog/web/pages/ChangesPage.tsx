/** Being built (issue 11); replaced in this change. */
export default function ChangesPage() {
  return null;
}
