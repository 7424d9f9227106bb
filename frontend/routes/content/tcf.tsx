/** Being written: replaced in this change. */
export default function Page() {
  return null;
}
