export function CommentsTimeline() {
  return null;
}
