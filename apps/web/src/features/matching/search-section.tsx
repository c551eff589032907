/** Begin Search and its message area, on the settings screen (matching feature). */
export function SearchSection() {
  return null;
}
