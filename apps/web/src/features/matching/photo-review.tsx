/** The photo review shown above the conversation (matching feature). */
export function PhotoReview() {
  return null;
}
