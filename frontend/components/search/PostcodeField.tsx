/**
 * The buyer's postcode in a landing page's search form: the search then orders the nearest
 * first and says how far each vehicle is (search-target.ts).
 */
export function PostcodeField() {
  return (
    <div className="make-model-search__field">
      <label htmlFor="search-postcode">Your postcode (optional)</label>
      <input id="search-postcode" name="postcode" autoComplete="postal-code" placeholder="For distances" />
    </div>
  );
}
