/** Placeholder until its page lands (issue 15). */
export default function SendHistoryPage() {
  return null;
}
